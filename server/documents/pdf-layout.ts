import { createRequire } from "node:module";

/**
 * The drawing kit the order documents share (decision 28): a US Letter pdfkit document with DejaVu
 * Sans embedded (regular and bold, subset to the glyphs used, so every character a buyer can type
 * in Latin, Greek or Cyrillic prints and the text stays selectable), and the blocks the documents
 * are made of: fields, address blocks, a table whose header repeats on every page it flows onto,
 * and page footers. pdfkit is loaded on the first document (decision 17, "Memory").
 */

export type Pdf = PDFKit.PDFDocument;

export const COLORS = { ink: "#1f1f1f", muted: "#5c5c5c", rule: "#c4c4c4", shade: "#ececec" } as const;

const MARGIN = 54;
/** The footer's baseline area, inside the bottom margin. */
const FOOTER_FROM_BOTTOM = 36;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;
const CHECKBOX_SIZE = 9;

let fontFiles: { regular: string; bold: string } | undefined;

/** The DejaVu Sans files of the installed `dejavu-fonts-ttf` package, found on first use. */
function fonts(): { regular: string; bold: string } {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    fontFiles = {
      regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
      bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    };
  }
  return fontFiles;
}

/**
 * A new document and the function that ends it and gives its bytes. Pages are buffered
 * (`bufferPages`) so footers can say "Page 1 of 3" once the last page is known.
 */
export async function openPdf(meta: {
  title: string;
  author: string;
  createdAt: Date;
}): Promise<{ doc: Pdf; finish: () => Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    // The default font: without it pdfkit would start on Helvetica, which is not embedded.
    font: fonts().regular,
    lang: "en-US",
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author, Creator: meta.author, CreationDate: meta.createdAt },
  });
  const chunks: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return ended;
    },
  };
}

/** Sets the font, its size and the text colour. */
export function useFont(doc: Pdf, weight: "regular" | "bold", size: number, color: string = COLORS.ink): Pdf {
  return doc.font(fonts()[weight]).fontSize(size).fillColor(color);
}

/** The writable area of the current page. */
export function contentArea(doc: Pdf): { left: number; right: number; width: number; top: number; bottom: number } {
  const { margins, width, height } = doc.page;
  return {
    left: margins.left,
    right: width - margins.right,
    width: width - margins.left - margins.right,
    top: margins.top,
    bottom: height - margins.bottom,
  };
}

/** Starts a new page when `height` more points do not fit on this one; `onNewPage` draws its heading. */
export function ensureSpace(doc: Pdf, height: number, onNewPage: () => void): void {
  if (doc.y + height <= contentArea(doc).bottom) return;
  doc.addPage();
  onNewPage();
}

/** Labelled values in two columns ("Invoice date  June 10, 2025"); returns the y below them. */
export function drawFields(
  doc: Pdf,
  fields: readonly (readonly [label: string, value: string])[],
  box: { x: number; y: number; width: number; labelWidth: number },
): number {
  let y = box.y;
  for (const [label, value] of fields) {
    useFont(doc, "regular", 9, COLORS.muted).text(label, box.x, y, { width: box.labelWidth - 6 });
    const labelBottom = doc.y;
    useFont(doc, "bold", 9).text(value, box.x + box.labelWidth, y, { width: box.width - box.labelWidth });
    y = Math.max(labelBottom, doc.y) + 2;
  }
  return y;
}

/** A titled block of lines (an address); returns the y below it. */
export function drawBlock(
  doc: Pdf,
  title: string,
  lines: readonly string[],
  box: { x: number; y: number; width: number },
) {
  useFont(doc, "bold", 8.5, COLORS.muted).text(title.toUpperCase(), box.x, box.y, {
    width: box.width,
    characterSpacing: 0.6,
  });
  doc.y += 3;
  useFont(doc, "regular", 10);
  for (const line of lines) doc.text(line, box.x, doc.y, { width: box.width });
  return doc.y;
}

/**
 * The top of an order document's first page: the seller (name, postal address, contact e-mail)
 * on the left, the document's title and its fields on the right. Leaves doc.y below both.
 */
export function drawLetterhead(
  doc: Pdf,
  seller: { name: string; postalAddress: readonly string[]; contactEmail: string },
  heading: { title: string; fields: readonly [string, string][] },
): void {
  const area = contentArea(doc);
  const leftWidth = area.width * 0.48;
  useFont(doc, "bold", 15).text(seller.name, area.left, area.top, { width: leftWidth });
  doc.y += 2;
  useFont(doc, "regular", 9.5);
  for (const line of [...seller.postalAddress, seller.contactEmail])
    doc.text(line, area.left, doc.y, { width: leftWidth });
  const sellerBottom = doc.y;
  const rightX = area.left + leftWidth + 18;
  const rightWidth = area.right - rightX;
  useFont(doc, "bold", 20).text(heading.title, rightX, area.top, { width: rightWidth, align: "right" });
  const fieldsBottom = drawFields(doc, heading.fields, { x: rightX, y: doc.y + 6, width: rightWidth, labelWidth: 92 });
  doc.y = Math.max(sellerBottom, fieldsBottom) + 20;
}

/** Two titled blocks (drawBlock) side by side across the content width. Leaves doc.y below both. */
export function drawBlockPair(
  doc: Pdf,
  left: { title: string; lines: readonly string[] },
  right: { title: string; lines: readonly string[] },
): void {
  const area = contentArea(doc);
  const gap = 24;
  const columnWidth = (area.width - gap) / 2;
  const blocksTop = doc.y;
  const leftBottom = drawBlock(doc, left.title, left.lines, { x: area.left, y: blocksTop, width: columnWidth });
  const rightBottom = drawBlock(doc, right.title, right.lines, {
    x: area.left + columnWidth + gap,
    y: blocksTop,
    width: columnWidth,
  });
  doc.y = Math.max(leftBottom, rightBottom) + 18;
}

/** What a document writes atop each page it flows onto: "<name> (continued)" (onNewPage of the drawers). */
export function continuedHeading(doc: Pdf, name: string): () => void {
  const area = contentArea(doc);
  return () => {
    useFont(doc, "regular", 9, COLORS.muted).text(`${name} (continued)`, area.left, area.top, {
      width: area.width,
    });
    doc.y += 10;
  };
}

/** Text across the content width, on a new page if it does not fit on this one. */
export function drawParagraph(
  doc: Pdf,
  text: string,
  options: { weight?: "regular" | "bold"; size?: number; color?: string; onNewPage: () => void },
): void {
  const area = contentArea(doc);
  useFont(doc, options.weight ?? "regular", options.size ?? 9.5, options.color);
  ensureSpace(doc, doc.heightOfString(text, { width: area.width }), options.onNewPage);
  useFont(doc, options.weight ?? "regular", options.size ?? 9.5, options.color);
  doc.text(text, area.left, doc.y, { width: area.width });
}

export interface TableColumn {
  header: string;
  width: number;
  align?: "left" | "right";
  /** An empty box to tick by hand (the packing slip's "Packed"); the cell's text is ignored. */
  checkbox?: boolean;
}

/**
 * A table across the content width from the current y: a shaded header row, then one row per
 * entry, each as tall as its longest cell once wrapped (long titles wrap within their column). A
 * row that does not fit goes to a new page, where `onNewPage` draws the page's heading and the
 * header row is drawn again.
 */
export function drawTable(
  doc: Pdf,
  input: { columns: readonly TableColumn[]; rows: readonly (readonly string[])[]; onNewPage: () => void },
): void {
  const { columns, rows } = input;
  const left = contentArea(doc).left;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const cellWidth = (column: TableColumn) => column.width - 2 * CELL_PAD_X;
  const cellText = (x: number, y: number, column: TableColumn, text: string) =>
    doc.text(text, x + CELL_PAD_X, y + CELL_PAD_Y, { width: cellWidth(column), align: column.align ?? "left" });
  /** The row's height in the current font: its tallest cell, wrapped to its column. */
  const heightOf = (cells: readonly string[], asHeader: boolean) =>
    Math.max(
      ...columns.map((column, i) =>
        column.checkbox && !asHeader
          ? CHECKBOX_SIZE
          : doc.heightOfString(cells[i] || " ", { width: cellWidth(column), align: column.align ?? "left" }),
      ),
    ) +
    2 * CELL_PAD_Y;

  const headers = columns.map((column) => column.header);
  useFont(doc, "bold", 9);
  const headerHeight = heightOf(headers, true);
  const drawHeader = () => {
    const y = doc.y;
    doc.save().rect(left, y, width, headerHeight).fill(COLORS.shade).restore();
    useFont(doc, "bold", 9);
    let x = left;
    for (const column of columns) {
      cellText(x, y, column, column.header);
      x += column.width;
    }
    doc.x = left;
    doc.y = y + headerHeight;
  };

  useFont(doc, "regular", 9.5);
  ensureSpace(doc, headerHeight + heightOf(rows[0] ?? [], false), input.onNewPage);
  drawHeader();
  for (const row of rows) {
    useFont(doc, "regular", 9.5);
    const height = heightOf(row, false);
    if (doc.y + height > contentArea(doc).bottom) {
      doc.addPage();
      input.onNewPage();
      drawHeader();
      useFont(doc, "regular", 9.5);
    }
    const y = doc.y;
    let x = left;
    for (const [i, column] of columns.entries()) {
      const text = row[i] ?? "";
      if (column.checkbox) {
        doc
          .save()
          .lineWidth(0.75)
          .strokeColor(COLORS.ink)
          .rect(x + CELL_PAD_X, y + CELL_PAD_Y + 1, CHECKBOX_SIZE, CHECKBOX_SIZE)
          .stroke()
          .restore();
      } else if (text !== "") {
        cellText(x, y, column, text);
      }
      x += column.width;
    }
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .stroke()
      .restore();
    doc.x = left;
    doc.y = y + height;
  }
}

/**
 * Writes `text(page, pageCount)` at the foot of each of `count` pages from page index `first`
 * (pages are buffered). The bottom margin is lifted meanwhile: pdfkit would otherwise start a new
 * page for text below it.
 */
export function drawFooters(
  doc: Pdf,
  pages: { first: number; count: number },
  text: (page: number, pageCount: number) => string,
): void {
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.first + i);
    const { left, width } = contentArea(doc);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    useFont(doc, "regular", 8, COLORS.muted).text(
      text(i + 1, pages.count),
      left,
      doc.page.height - FOOTER_FROM_BOTTOM,
      {
        width,
        align: "center",
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottomMargin;
  }
}

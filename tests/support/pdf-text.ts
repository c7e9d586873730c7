/**
 * Reads a PDF back as a reader would select its text, with pdfjs-dist (Mozilla's PDF reader):
 * each page's text, its pieces joined with a space and its lines with "\n". A test that finds a
 * word here knows it is real, selectable text, not a picture of it.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : " ");
      }
      pages.push(
        text
          .replace(/[ \t]+/g, " ")
          .replace(/ ?\n ?/g, "\n")
          .trim(),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The whole document's text on one line (wrapped lines joined by spaces), for `toContain`. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n").replace(/\s+/g, " ");
}

/** The fonts the file declares, by name ("AAAAAA+DejaVuSans"), and how many it embeds. */
export function pdfFonts(bytes: Uint8Array): { names: string[]; embedded: number } {
  const raw = Buffer.from(bytes).toString("latin1");
  const names = [...new Set([...raw.matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((match) => match[1]!))];
  return { names, embedded: raw.match(/\/FontFile2\b/g)?.length ?? 0 };
}

/** Each page's size in points ([width, height]: US Letter is 612 × 792). */
export async function pdfPageSizes(bytes: Uint8Array): Promise<[number, number][]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const sizes: [number, number][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const [x0, y0, x1, y1] = (await pdf.getPage(number)).view as [number, number, number, number];
      sizes.push([x1 - x0, y1 - y0]);
    }
    return sizes;
  } finally {
    await pdf.destroy();
  }
}

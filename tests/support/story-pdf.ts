import PDFDocument from "pdfkit";

/** A small real PDF whose one page reads `title`: the free story the tests upload. */
export async function storyPdf(title = "Jonah and the Big Fish"): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.fontSize(24).text(title);
  doc.end();
  return done;
}

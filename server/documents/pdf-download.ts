/** A PDF made for one download: its bytes and the name the browser saves it under. */
export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

/** A file name made only of letters, digits, "-" and "_" (order ids are opaque text). */
export function safeFileName(stem: string): string {
  return stem.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 120);
}

/** "invoice-ORD-7K3M9Q2XJD4P.pdf": the name of the download and of the invoice e-mail's attachment. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${safeFileName(orderId)}.pdf`;
}

/**
 * The answer of every PDF download: an attachment under its name, kept by no cache (it names a
 * buyer and their address: `private, no-store`, never the page cache, decision 28).
 */
export function pdfDownload(file: PdfFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A plain-text refusal (404, 400), as uncacheable as the file would have been. */
export function pdfRefusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

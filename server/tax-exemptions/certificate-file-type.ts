/**
 * What a certificate file is, decided from its first bytes (never from its name or the type the
 * browser declared): a PDF, or a JPEG, PNG or WebP image; null for anything else. The type found
 * here is the one stored and served, with its extension for the download's name.
 */
export function certificateFileType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const starts = (signature: readonly number[], at = 0) =>
    bytes.byteLength >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts(ascii("%PDF-"))) return { contentType: "application/pdf", extension: "pdf" };
  if (starts([0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (starts(ascii("RIFF")) && starts(ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  return null;
}

/** The download's extension for a stored type. */
export function certificateFileExtension(contentType: string): string {
  return (
    { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" }[contentType] ?? "bin"
  );
}

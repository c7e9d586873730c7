/**
 * What the shop checks of an uploaded story (its content, never its name or declared type): a
 * PDF file starts with its header ("%PDF-1.7", "%PDF-2.0") and ends with the end-of-file marker,
 * which readers accept within the last kilobyte (Acrobat's tolerance for trailing bytes).
 */
const HEADER = /^%PDF-[12]\.\d/;
const END_MARKER = "%%EOF";
const TAIL_BYTES = 1024;

export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 32) return false;
  const text = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  return (
    HEADER.test(text(0, 8)) && text(Math.max(0, bytes.byteLength - TAIL_BYTES), bytes.byteLength).includes(END_MARKER)
  );
}

const DEFAULT_FILE_NAME = "free-story.pdf";
const MAX_NAME_LENGTH = 80;

/**
 * The name the story is attached to e-mails under, from the name it was uploaded with: the last
 * part of a path only, accents dropped, letters, digits, spaces and `._()-` (anything else becomes
 * "-"), at most 80 characters, ending in ".pdf". Nothing usable left: "free-story.pdf".
 */
export function storyFileName(uploaded: string | null | undefined): string {
  const base = (uploaded ?? "").split(/[\\/]/).pop() ?? "";
  const stem = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.pdf$/i, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "-")
    .replace(/\s*-[\s-]*/g, "-")
    .replace(/\s+/g, " ")
    .replace(/^[\s.-]+|[\s.-]+$/g, "")
    .slice(0, MAX_NAME_LENGTH - ".pdf".length)
    .trim();
  return stem ? `${stem}.pdf` : DEFAULT_FILE_NAME;
}

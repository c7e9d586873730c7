/** Kept by no cache and no proxy: the file is the viewer's own, decided on each request. */
const PRIVATE = "private, no-store";

/** A file stored for one account (a claim's photo, a certificate): its bytes and type. */
export interface PrivateFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * A private file's answer: its bytes under its own type (never sniffed for another), kept by no
 * cache; `headers` adds the route's own (a download's name, a sandbox). No file: a plain 404 with
 * `notFoundMessage`, as uncacheable, so that a stranger learns nothing from the answer.
 */
export function privateFileResponse(
  file: PrivateFile | null,
  notFoundMessage: string,
  headers: Record<string, string> = {},
): Response {
  if (!file) {
    return new Response(notFoundMessage, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

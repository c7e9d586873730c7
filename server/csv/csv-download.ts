import type { ExportLock } from "#server/csv/export-lock.ts";
import { csvDownloadHeaders } from "./csv-format.ts";

/** How long a refused export is told to wait: an export of a large table takes seconds, not minutes. */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/**
 * The answer of every CSV download route: one export of a kind at a time in this process (a
 * second one meanwhile gets 429 and Retry-After, with `busyMessage`), the body streamed from
 * `stream`, the lock freed when the stream ends, fails, or the client goes away (the Node server
 * cancels the stream). Async so that a shared lock can take its place.
 */
export async function csvDownload(
  lock: ExportLock,
  input: {
    fileName: string;
    busyMessage: string;
    stream: (onClose: () => void) => ReadableStream<Uint8Array>;
  },
): Promise<Response> {
  const release = await lock.tryAcquire();
  if (!release) {
    return new Response(input.busyMessage, {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(EXPORT_RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
      },
    });
  }
  try {
    return new Response(input.stream(release), { headers: csvDownloadHeaders(input.fileName) });
  } catch (error) {
    release();
    throw error;
  }
}

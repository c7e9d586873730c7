import { requireAdmin } from "#server/accounts/guards.ts";
import { csvDownloadHeaders } from "#server/csv/csv-format.ts";
import { subscribersCsvFileName, subscribersCsvStream } from "#server/subscribers/subscribers-csv.ts";
import type { Route } from "./+types/subscribers-csv";

/** How long a refused export is told to wait: an export of a large list takes seconds, not minutes. */
const EXPORT_RETRY_AFTER_SECONDS = 30;

/**
 * GET /admin/subscribers.csv: every subscriber as a CSV download, for admins only. Streamed page
 * by page; one export at a time (a second one meanwhile gets 429 and Retry-After). The lock is
 * freed when the stream ends, fails, or the client goes away (the Node server cancels the stream).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, subscriberExportLock } = context.services;
  const release = subscriberExportLock.tryAcquire();
  if (!release) {
    return new Response("Another subscriber export is running. Please try again in a moment.", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(EXPORT_RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
      },
    });
  }
  try {
    const body = subscribersCsvStream(db, { onClose: release });
    return new Response(body, {
      headers: csvDownloadHeaders(subscribersCsvFileName()),
    });
  } catch (error) {
    release();
    throw error;
  }
}

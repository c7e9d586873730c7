import { requireAdmin } from "#server/http/guards.ts";
import { csvDownload } from "#server/csv/csv-download.ts";
import { subscribersCsvFileName, subscribersCsvStream } from "#server/subscribers/subscribers-csv.ts";
import type { Route } from "./+types/subscribers-csv";

/**
 * GET /admin/subscribers.csv: every subscriber as a CSV download, for admins only. Streamed page
 * by page; one export at a time (a second one meanwhile gets 429 and Retry-After).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, subscriberExportLock } = context.services;
  return csvDownload(subscriberExportLock, {
    fileName: subscribersCsvFileName(context.services.clock()),
    busyMessage: "Another subscriber export is running. Please try again in a moment.",
    stream: (onClose) => subscribersCsvStream({ db }, { onClose }),
  });
}

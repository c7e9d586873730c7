import { requireAdmin } from "#server/http/guards.ts";
import { booksCsvFileName, booksCsvStream } from "#server/books/books-csv.ts";
import { csvDownload } from "#server/csv/csv-download.ts";
import type { Route } from "./+types/books-csv";

/**
 * GET /admin/books.csv: every book with every field an import needs, as a CSV download, for
 * admins only. Streamed page by page; one export at a time.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, bookExportLock } = context.services;
  return csvDownload(bookExportLock, {
    fileName: booksCsvFileName(context.services.clock()),
    busyMessage: "Another books export is running. Please try again in a moment.",
    stream: (onClose) => booksCsvStream({ db }, { onClose }),
  });
}

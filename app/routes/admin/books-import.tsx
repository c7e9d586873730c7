import { createReadStream } from "node:fs";
import path from "node:path";
import { requireAdmin } from "#server/http/guards.ts";
import {
  BOOK_IMPORT_FILE_FIELD,
  BOOK_IMPORT_MAX_BYTES,
  BOOK_IMPORT_NO_FILE_MESSAGE,
  BOOK_IMPORT_TOO_LARGE_MESSAGE,
  bookImportSummary,
} from "#common/books/book-import-form.ts";
import { importBooksCsv } from "#server/books/import-books-csv.ts";
import { AppError } from "#server/errors/app-error.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { readFormWithUpload, uploadRefusal, type FormWithUpload } from "#server/http/read-form.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { BooksImportForm } from "#app/features/admin-books/books-import-form.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/books-import";

export const meta = () => noindexMeta(ADMIN_PAGES.booksImport.title);

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

/**
 * Imports a books CSV (server/books/import-books-csv.ts): rate limited per client, one import at
 * a time, the file streamed to a temporary file (at most 5 MB) and read from there.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { services, clientAddress } = context;
  const { db, clock, env } = services;
  return runAction(
    services,
    async () => {
      await enforceRateLimit(services.rateLimits.bookImport, clientAddress);
      const release = services.bookImportLock.tryAcquire();
      if (!release) throw new AppError("RATE_LIMITED", "Another import is running. Please try again in a moment.");
      let upload: FormWithUpload | null = null;
      try {
        try {
          upload = await readFormWithUpload(request, {
            field: BOOK_IMPORT_FILE_FIELD,
            maxFileBytes: BOOK_IMPORT_MAX_BYTES,
            tooLargeMessage: BOOK_IMPORT_TOO_LARGE_MESSAGE,
            tmpDir: path.join(env.DATA_DIR, "tmp"),
          });
        } catch (error) {
          throw uploadRefusal(error) ?? error;
        }
        if (!upload.file) throw new AppError("VALIDATION", BOOK_IMPORT_NO_FILE_MESSAGE);
        return await importBooksCsv({ db, clock }, { source: createReadStream(upload.file.path) });
      } finally {
        await upload?.cleanup();
        release();
      }
    },
    {
      success: (result) => ({ title: "Import complete", description: bookImportSummary(result) }),
      failureTitle: "Import failed",
    },
  );
}

export default function ImportBooks() {
  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.booksImport.title}
        intro="Add and update many books at once from a CSV file, e.g. an edited export of Book Management."
      />
      <BooksImportForm />
    </>
  );
}

import { Download, Loader2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  BOOK_IMPORT_FILE_FIELD,
  bookImportFileSchema,
  bookImportSummary,
  type BookImportCounts,
} from "#common/books/book-import-form.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";
import { UploadProgress, usePostWithProgress } from "./upload-progress.tsx";

type ImportResult = ActionResult<BookImportCounts>;

/**
 * The books CSV upload on the form kit: the file is checked for presence and size here, posted
 * with upload progress (the kit's `post`), then checked and imported by the server as a whole.
 * The answer is shown on the page: the summary ("12 books added, 30 updated"), or what to fix;
 * the server names each problem by line and column, as the refusal's field errors.
 */
export function BooksImportForm() {
  const revalidator = useRevalidator();
  const fileRef = useRef<HTMLInputElement>(null);
  const { sending, progress, post } = usePostWithProgress<ImportResult>("/admin/books/import");
  // The answer to the last upload, or why none came; undefined while an upload is on its way.
  const [result, setResult] = useState<ImportResult | undefined>();

  async function upload(form: FormData) {
    setResult(undefined);
    const answer = await post(form);
    if (!answer) return;
    if (answer.kind === "failed") {
      setResult({ ok: false, error: { code: "INTERNAL", message: answer.message } });
      return;
    }
    // The action set its toast; the root shows it once its loader has run again.
    void revalidator.revalidate();
    setResult(answer.data);
  }

  const { fieldErrors, message, formProps } = useCheckedForm({
    schema: bookImportFileSchema,
    failureTitle: "Import failed",
    result,
    // Only the form's own check sends the keyboard to the file picker; the summary holds the rest.
    focus: (field) => (field === BOOK_IMPORT_FILE_FIELD ? fileRef.current : null),
    // An imported file is cleared, so the next import starts from a new choice.
    resetOnSuccess: true,
    post: (_form, data) => void upload(data),
  });
  const summary = result?.ok && message === null ? bookImportSummary(result) : null;
  // The server's problems, keyed by their place in the file ("Line 14, price").
  const problems = Object.entries(fieldErrors).filter(([place]) => place !== BOOK_IMPORT_FILE_FIELD);

  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form
        {...formProps}
        onSubmit={(event) => {
          if (sending) return event.preventDefault();
          formProps.onSubmit(event);
        }}
        aria-label="Import books"
        className="grid min-w-0 content-start gap-4"
      >
        <FormField
          label="CSV file (at most 5 MB, 10,000 books)"
          ref={fileRef}
          type="file"
          name={BOOK_IMPORT_FILE_FIELD}
          accept=".csv,text/csv"
          disabled={sending}
          controlClassName="w-full min-w-0 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={sending}>
            {sending ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Upload aria-hidden="true" className="size-5" />
            )}
            {sending ? "Importing..." : "Import"}
          </button>
          <Link to="/admin/books" className={buttonStyles.secondary}>
            Back to Book Management
          </Link>
        </div>

        {sending ? <UploadProgress progress={progress} afterUpload="Checking and importing the books..." /> : null}

        <div aria-live="polite">
          {summary !== null ? (
            <p role="status" className="rounded-lg bg-green-50 p-4 font-medium text-green-900 ring-1 ring-green-200">
              Import complete: {summary}
            </p>
          ) : null}
        </div>
        {message !== null ? (
          <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p className="font-medium">{message}</p>
            {problems.length > 0 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {problems.map(([place, message]) => (
                  <li key={place}>
                    <span className="font-semibold">{place}:</span> {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </form>

      <aside className="min-w-0 rounded-lg bg-white p-4 text-sm break-words text-gray-800 ring-1 ring-brand-600/20">
        <h2 className="font-serif text-lg font-bold text-brand-800">How the file is read</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            The first line names the columns: <code>title</code>, <code>author</code>, <code>description</code> and{" "}
            <code>price</code> are required; <code>id</code>, <code>slug</code>, <code>original_price</code>,{" "}
            <code>badge</code>, <code>rating</code>, <code>reviews</code>, <code>age_range</code>, <code>age_min</code>,{" "}
            <code>age_max</code>, <code>stock</code> and <code>tags</code> (separated by commas) are optional.
          </li>
          <li>
            Ages: <code>age_min</code> and <code>age_max</code> are whole years from 0 to 18, which the catalogue&apos;s
            age filter reads. Left empty, they are read from <code>age_range</code> (“3-8”, “Ages 4–8”, “5+”); so are
            they when a file without these columns changes a book&apos;s <code>age_range</code>.
          </li>
          <li>A row with the id or slug of a book updates that book; other rows add new books.</li>
          <li>
            Stock: an exported file also has <code>stock_at_export</code>. Where <code>stock</code> still equals it, the
            book keeps the stock orders have left it; a changed <code>stock</code> is refused if orders took copies
            since the export.
          </li>
          <li>
            Other fields: a row you left as exported keeps what was saved in the shop since; a row you changed is
            refused if someone also changed that book in the shop since the export (export again and redo it).
          </li>
          <li>Covers are not imported: books keep their cover, new books get the default one.</li>
          <li>Every row is checked first. If any row has a problem, nothing is changed.</li>
        </ul>
        <a href="/admin/books.csv" download className={`${buttonStyles.subtle} mt-3`}>
          <Download aria-hidden="true" className="size-4" />
          Download the current books (CSV)
        </a>
      </aside>
    </div>
  );
}

import path from "node:path";
import { Download, Loader2, Plus, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { toBookListItem, type Book, type BookListItem } from "#server/books/book.ts";
import { getBookById } from "#server/books/get-book.ts";
import { BOOK_INTENTS, bookIdFormSchema } from "#common/books/book-schema.ts";
import { deleteBook } from "#server/books/delete-book.ts";
import { listBooksPage } from "#server/books/list-books-page.ts";
import { COVER_FIELD, COVER_LIMITS, COVER_TOO_LARGE_MESSAGE } from "#common/books/cover-limits.ts";
import { createBookWithCover, updateBookWithCover } from "#server/books/save-book-with-cover.ts";
import { AppError } from "#server/errors/app-error.ts";
import { runAction } from "#server/http/action-result.ts";
import { parseFields, readFormWithUpload } from "#server/http/read-form.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { DeleteRowDialog, useRowDeletion } from "#app/components/ui/delete-row-dialog.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { BOOK_TOASTS, BookFormDialog, bookFailureTitle } from "#app/features/admin-books/book-form-dialog.tsx";
import { BooksTable } from "#app/features/admin-books/books-table.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/books";

export const meta = () => noindexMeta(ADMIN_PAGES.books.title);

/** Where the edit form loads a book from: this route's loader, with `?edit=<id>` (by a fetcher). */
const editPath = (id: string) => `${ADMIN_PAGES.books.path}?${new URLSearchParams({ edit: id })}`;

/**
 * The page of books, as rows of only what the table shows, and with `?edit=<id>` that whole book
 * for the edit form (descriptions and the rest stay out of every list page's HTML and data).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search")?.trim() ?? "";
  const editId = params.get("edit");
  const [page, editing] = await Promise.all([
    listBooksPage(context.services, { page: params.get("page"), search }),
    editId === null ? null : getBookById(context.services, { id: editId }),
  ]);
  return { books: { ...page, items: page.items.map(toBookListItem) }, search, editId, editing };
}

const summary = (book: Pick<Book, "id" | "title">) => ({ id: book.id, title: book.title });

/**
 * One action for the screen, by `intent`: "create" and "update" (multipart, with an optional
 * `cover` file; posted by the modal with upload progress) and "delete" (from a fetcher).
 * Fields are checked before the image is touched, and the image before the row is written.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { services } = context;
  const { env } = services;
  // The cover arrives in a temporary file (not in memory) and is removed whatever happens.
  const {
    form,
    file: cover,
    cleanup,
  } = await readFormWithUpload(request, {
    field: COVER_FIELD,
    maxFileBytes: COVER_LIMITS.maxUploadBytes,
    tooLargeMessage: COVER_TOO_LARGE_MESSAGE,
    tmpDir: path.join(env.DATA_DIR, "tmp"),
  });
  try {
    const intent = form.get("intent");
    return await runAction(
      services,
      async () => {
        switch (intent) {
          case BOOK_INTENTS.create:
            return { intent, book: summary(await createBookWithCover(services, { form, cover })) };
          case BOOK_INTENTS.update:
            return {
              intent,
              book: summary(
                await updateBookWithCover(services, { id: parseFields(form, bookIdFormSchema).id, form, cover }),
              ),
            };
          case BOOK_INTENTS.delete:
            return { intent, book: summary(await deleteBook(services, parseFields(form, bookIdFormSchema))) };
          default:
            throw new AppError("VALIDATION", "Unknown action.");
        }
      },
      {
        success: (result) => BOOK_TOASTS[result.intent],
        failureTitle: (error) => bookFailureTitle(intent, error),
      },
    );
  } finally {
    await cleanup();
  }
}

/** The form's opening: a new book, or the id of the book whose whole record the fetcher loads. */
type Editing = { key: number; id: string | null };

export default function BookManagement({ loaderData: { books, search } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const bookLoader = useFetcher<typeof loader>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const deletion = useRowDeletion<BookListItem>(BOOK_INTENTS.delete);

  const loading =
    (navigation.state === "loading" && navigation.location.pathname === "/admin/books") ||
    revalidator.state === "loading";

  const openForm = (id: string | null) => {
    // A new key gives every opening a fresh form (values, errors, chosen cover).
    setEditing((current) => ({ key: (current?.key ?? 0) + 1, id }));
    setFormOpen(true);
    if (id !== null) void bookLoader.load(editPath(id));
  };
  // The fetcher's copy is loaded again after every save (React Router revalidates fetchers), so a
  // refused save's next try is checked against the stock the page now shows (updateBook).
  const answer = editing?.id && bookLoader.data?.editId === editing.id ? bookLoader.data : undefined;
  const editedBook = answer?.editing ?? null;
  const bookGone = answer !== undefined && bookLoader.state === "idle" && editedBook === null;
  useEffect(() => {
    if (!bookGone) return;
    setEditing(null);
    showToast({ title: "Error loading book", description: "This book no longer exists.", variant: "destructive" });
  }, [bookGone]);

  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.books.title}
        intro="Add, edit and remove the books of the store."
        actions={
          <>
            {/* A plain link: the CSV is a file download, not a page of the app. */}
            <a href="/admin/books.csv" download className={buttonStyles.secondary}>
              <Download aria-hidden="true" className="size-5" /> Export CSV
            </a>
            <Link to="/admin/books/import" className={buttonStyles.secondary}>
              <Upload aria-hidden="true" className="size-5" /> Import CSV
            </Link>
            <button type="button" className={buttonStyles.primary} onClick={() => openForm(null)}>
              <Plus aria-hidden="true" className="size-5" /> Add New Book
            </button>
          </>
        }
      />

      <SearchForm search={search} name="Books" label="Search books" placeholder="Search by title or author..." />

      {loading ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-700">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading books...
        </p>
      ) : null}

      <BooksTable
        books={books.items}
        busy={loading}
        emptyText={search ? "No books found" : "No books yet. Add the first one with “Add New Book”."}
        onEdit={(book) => openForm(book.id)}
        onDelete={(book) => deletion.ask(book)}
      />
      <Pagination list={books} noun="book" />

      {editing && (editing.id === null || editedBook) ? (
        <BookFormDialog
          key={editing.key}
          open={formOpen}
          book={editedBook}
          onOpenChange={setFormOpen}
          onSaved={() => {
            setFormOpen(false);
            // Brings the list up to date, and with it the toast the action set.
            void revalidator.revalidate();
          }}
        />
      ) : null}

      <DeleteRowDialog
        deletion={deletion}
        noun="book"
        description={(book) =>
          `“${book.title}” will be removed from the store. Past orders keep their own copy of its title and price. This cannot be undone.`
        }
      />
    </>
  );
}

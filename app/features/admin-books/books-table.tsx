import { Pencil, Trash2 } from "lucide-react";
import type { BookListItem } from "#server/books/book.ts";
import { coverThumbnail } from "#app/lib/book-cover.ts";
import { IconSymbols, SpriteIcon } from "#app/components/ui/icon-sprite.tsx";
import { useFormatMoney } from "#app/lib/money.ts";
import { DataTable, HIDDEN_ON_PHONE_CELL, STICKY_END_CELL } from "#app/components/ui/data-table.tsx";

const EDIT_ICON = "books-table-edit";
const DELETE_ICON = "books-table-delete";

const iconButton =
  "inline-flex size-10 items-center justify-center rounded-md text-brand-800 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The Book Management table: Image, Title, Author, Price, Stock (N/A when not tracked), Actions.
 * On narrow screens it scrolls sideways inside its own box, never the whole page.
 */
export function BooksTable({
  books,
  busy,
  emptyText,
  onEdit,
  onDelete,
}: {
  books: BookListItem[];
  busy: boolean;
  emptyText: string;
  onEdit: (book: BookListItem) => void;
  onDelete: (book: BookListItem) => void;
}) {
  const formatMoney = useFormatMoney();
  return (
    <>
      <IconSymbols icons={{ [EDIT_ICON]: Pencil, [DELETE_ICON]: Trash2 }} />
      <DataTable
        caption="Books"
        minWidthClass="min-w-[44rem]"
        rowCount={books.length}
        emptyText={emptyText}
        busy={busy}
        testId="books-table-scroll"
        columns={[
          { label: "Image", hiddenOnPhone: true },
          { label: "Title" },
          { label: "Author" },
          { label: "Price", align: "right" },
          { label: "Stock", align: "right" },
          { label: "Actions", align: "right", stickyEnd: true },
        ]}
      >
        {books.map((book) => (
          <tr key={book.id} data-testid="book-row">
            <td className={`${HIDDEN_ON_PHONE_CELL} px-4 py-2`}>
              <img
                src={coverThumbnail(book.imageUrl)}
                alt=""
                width={48}
                height={64}
                decoding="async"
                loading="lazy"
                className="h-16 w-12 rounded object-cover ring-1 ring-brand-100"
              />
            </td>
            <td className="max-w-72 px-4 py-2 font-medium">{book.title}</td>
            <td className="px-4 py-2 text-gray-700">{book.author}</td>
            <td className="px-4 py-2 text-right tabular-nums">{formatMoney(book.priceCents)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{book.stock ?? "N/A"}</td>
            <td className={`${STICKY_END_CELL} px-2 py-2 sm:px-4`}>
              <div className="flex justify-end gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Edit ${book.title}`}
                  title="Edit"
                  onClick={() => onEdit(book)}
                >
                  <SpriteIcon id={EDIT_ICON} className="size-5" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-red-700 hover:bg-red-50`}
                  aria-label={`Delete ${book.title}`}
                  title="Delete"
                  onClick={() => onDelete(book)}
                >
                  <SpriteIcon id={DELETE_ICON} className="size-5" />
                </button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { Bundle } from "#server/books/bundle.ts";
import { bundleContents } from "#common/books/bundle-contents.ts";
import { BUNDLE_INTENTS } from "#common/books/bundle-schema.ts";
import { DeleteRowDialog, useRowDeletion } from "#app/components/ui/delete-row-dialog.tsx";
import { EmptyList } from "#app/components/ui/empty-list.tsx";
import { useFormatMoney } from "#app/lib/money.ts";

/** What a bundle can sell now, from its parts (decision 38), in words for staff. */
export function bundleAvailabilityText(bundle: Pick<Bundle, "bookCount" | "books" | "stock">): {
  text: string;
  unavailable: boolean;
} {
  const live = bundle.books.reduce((sum, book) => sum + book.quantity, 0);
  if (bundle.books.length === 0 || live < bundle.bookCount) {
    return { text: "Unavailable: a title in it was deleted", unavailable: true };
  }
  if (bundle.stock === null) return { text: "Available (stock not tracked)", unavailable: false };
  if (bundle.stock === 0) return { text: "Sold out: a title in it is out of stock", unavailable: true };
  return { text: `${bundle.stock} ${bundle.stock === 1 ? "set" : "sets"} available`, unavailable: false };
}

/** The bundles as cards (they fit a phone): contents, price, availability, Edit and Delete (with confirm). */
export function BundlesList({ bundles }: { bundles: Bundle[] }) {
  const formatMoney = useFormatMoney();
  const deletion = useRowDeletion<Bundle>(BUNDLE_INTENTS.delete);

  if (bundles.length === 0) {
    return <EmptyList>No bundles yet. Add the first one with “Add New Bundle”.</EmptyList>;
  }
  return (
    <>
      <ul className="mt-6 grid gap-4" data-testid="bundles-list">
        {bundles.map((bundle) => {
          const availability = bundleAvailabilityText(bundle);
          return (
            <li key={bundle.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-serif text-xl font-bold text-brand-800">{bundle.name}</h2>
                  <p className="mt-1 break-words text-sm text-gray-700">{bundleContents(bundle)}</p>
                </div>
                <p className="text-xl font-bold text-brand-800">{formatMoney(bundle.priceCents)}</p>
              </div>
              <p
                className={`mt-2 text-sm font-semibold ${availability.unavailable ? "text-red-700" : "text-green-800"}`}
              >
                {availability.text}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link
                  to={`?edit=${encodeURIComponent(bundle.id)}`}
                  className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
                  aria-label={`Edit ${bundle.name}`}
                >
                  <Pencil aria-hidden="true" className="size-4" /> Edit
                </Link>
                <button
                  type="button"
                  onClick={() => deletion.ask(bundle)}
                  className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                  aria-label={`Delete ${bundle.name}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <DeleteRowDialog
        deletion={deletion}
        noun="bundle"
        description={(bundle) =>
          `“${bundle.name}” will be removed from the store. Its books stay; past orders keep their own copy of its name and price. This cannot be undone.`
        }
      />
    </>
  );
}

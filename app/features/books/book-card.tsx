import type { ReactNode } from "react";
import type { Book } from "#server/books/book.ts";
import { StarRating } from "#app/components/ui/star-rating.tsx";
import { coverSources } from "#app/lib/book-cover.ts";
import { useFormatMoney } from "#app/lib/money.ts";
import { lowestBreak } from "#common/books/price-breaks.ts";
import { WasPrice } from "#app/components/ui/was-price.tsx";

/** Bestseller red, New Release green, any other badge blue. */
function badgeColor(badge: string): string {
  if (badge === "Bestseller") return "bg-red-700 text-white";
  if (badge === "New Release") return "bg-green-700 text-white";
  return "bg-blue-700 text-white";
}

/** A book's badge ("Bestseller") as a pill of its colour over the cover; nothing without one. */
export function BookBadge({ badge, className }: { badge: string | null; className: string }) {
  if (!badge) return null;
  return <span className={`${className} ${badgeColor(badge)}`}>{badge}</span>;
}

/**
 * The cover's width in each grid that shows cards (for srcset), from their classes: max-w-6xl,
 * px-4 (px-3 on phones for "twoUp"), gap-6 (gap-3), four columns from lg. "list": one card per row
 * on phones (/books, a book's related books); "twoUp": two (the home page).
 */
export const CARD_COVER_SIZES = {
  list: "(min-width: 1152px) 262px, (min-width: 1024px) calc(25vw - 26px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)",
  twoUp:
    "(min-width: 1152px) 262px, (min-width: 1024px) calc(25vw - 26px), (min-width: 640px) calc(50vw - 28px), calc(50vw - 18px)",
};

/**
 * A book in the grid. `action` is the "Add to Collection" button, supplied by the page. Plain
 * links: the card is drawn inside the home page's book grid, an island without React Router. `priority`:
 * the card is the page's first cover above the fold, fetched first; other covers load lazily.
 */
export function BookCard({
  book,
  action,
  sizes = "list",
  priority = false,
}: {
  book: Book;
  action: ReactNode;
  sizes?: keyof typeof CARD_COVER_SIZES;
  priority?: boolean;
}) {
  const formatMoney = useFormatMoney();
  const lowest = lowestBreak(book.priceCents, book.priceBreaks);
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <a
        href={`/books/${book.slug}`}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-[3/4] bg-brand-100"
      >
        <img
          {...coverSources(book.imageUrl, CARD_COVER_SIZES[sizes])}
          alt=""
          width={600}
          height={800}
          decoding="async"
          loading={priority ? undefined : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          className="size-full object-cover"
        />
        <BookBadge
          badge={book.badge}
          className="absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold sm:left-3 sm:top-3 sm:px-3 sm:py-1"
        />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-700">
          <StarRating rating={book.rating ?? 0} />
          <span>({book.reviews ?? 0} reviews)</span>
        </p>
        <h3 className="font-serif text-base font-bold leading-snug sm:text-lg">
          <a href={`/books/${book.slug}`} className="hover:text-brand-700 hover:underline">
            {book.title}
          </a>
        </h3>
        {book.badge ? <p className="sr-only">{book.badge}</p> : null}
        <p className="text-sm text-gray-700">by {book.author}</p>
        {/* Two cards share a phone's width: there the description stays on the book's own page. */}
        <p className="hidden text-sm text-gray-700 sm:block">{book.description}</p>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          <span className="text-lg font-bold text-brand-800 sm:text-xl">{formatMoney(book.priceCents)}</span>
          <WasPrice cents={book.originalPriceCents} className="text-sm text-gray-600" />
          {book.ageRange ? <span className="text-xs text-gray-700 sm:ml-auto">Ages {book.ageRange}</span> : null}
        </p>
        {lowest ? (
          <p className="text-sm font-medium text-green-800" data-testid="card-price-break">
            From {formatMoney(lowest.unitPriceCents)} for {lowest.minQuantity}+
          </p>
        ) : null}
        {action}
      </div>
    </article>
  );
}

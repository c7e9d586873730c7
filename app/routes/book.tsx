import { data, Link } from "react-router";
import { catalogueHref } from "#common/books/catalogue-options.ts";
import { getBookBySlug } from "#server/books/get-book.ts";
import { listRelatedBooks } from "#server/books/list-related-books.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { StarRating } from "#app/components/ui/star-rating.tsx";
import { BookBadge, BookCard } from "#app/features/books/book-card.tsx";
import { coverSources } from "#app/lib/book-cover.ts";
import { bookStructuredData } from "#app/features/books/book-structured-data.ts";
import { AddToCartIsland, stockLabel } from "#app/features/cart/add-to-cart-button.tsx";
import { AddToCartWithQuantityIsland } from "#app/features/cart/add-to-cart-with-quantity.tsx";
import { bookCartItem } from "#app/features/cart/book-cart-item.ts";
import { useFormatMoney } from "#app/lib/money.ts";
import { useStore } from "#app/lib/use-store.ts";
import { DEFAULT_CURRENCY } from "#common/money/money.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta, rootMetaData } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/book";
import { WasPrice } from "#app/components/ui/was-price.tsx";

/** Hydrated in parts (decision 21). */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ params, context }: Route.LoaderArgs) {
  const book = await getBookBySlug(context.services, { slug: params.slug });
  if (!book) throw data(null, { status: 404 });
  return { book, related: await listRelatedBooks(context.services, { book }) };
}

export function meta(args: Route.MetaArgs) {
  const book = args.loaderData?.book;
  if (!book) return [{ title: "Book not found" }];
  return [
    ...pageMeta(args, { title: book.title, description: book.description, image: book.imageUrl, type: "product" }),
    {
      "script:ld+json": bookStructuredData(
        book,
        rootMetaData(args)?.publicUrl ?? "",
        rootMetaData(args)?.store.currency,
      ),
    },
  ];
}

// The cover's width for srcset: the full width on phones, one of two columns (gap-10) from md.
const BOOK_COVER_SIZES = "(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)";

export default function BookPage({ loaderData: { book, related } }: Route.ComponentProps) {
  const formatMoney = useFormatMoney();
  const store = useStore();
  const available = book.stock === null || book.stock > 0;
  const stock = stockLabel(book.stock);
  return (
    <>
      <article className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2">
        <div className="relative">
          <img
            {...coverSources(book.imageUrl, BOOK_COVER_SIZES)}
            alt={`Cover of ${book.title}`}
            width={600}
            height={800}
            decoding="async"
            fetchPriority="high"
            className="w-full rounded-2xl shadow-lg ring-1 ring-brand-100"
          />
          <BookBadge
            badge={book.badge}
            className="absolute left-4 top-4 rounded-full px-3 py-1 text-sm font-semibold"
          />
        </div>
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            <Link to="/books" className="text-brand-700 underline">
              All Bible stories
            </Link>
          </p>
          <h1 className="font-serif text-3xl font-bold leading-tight text-brand-800 sm:text-4xl">{book.title}</h1>
          <p className="text-lg text-gray-700">by {book.author}</p>
          <p className="flex items-center gap-2 text-gray-700">
            <StarRating rating={book.rating ?? 0} size="lg" />
            <span>({book.reviews ?? 0} reviews)</span>
          </p>
          <p className="flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-brand-800">{formatMoney(book.priceCents)}</span>
            <WasPrice cents={book.originalPriceCents} className="text-lg text-gray-600" />
          </p>
          {book.priceBreaks.length > 0 ? (
            <section
              aria-labelledby="price-breaks-heading"
              className="rounded-xl bg-green-50 p-4 ring-1 ring-green-700/30"
            >
              <h2 id="price-breaks-heading" className="font-semibold text-green-900">
                Quantity prices
              </h2>
              <ul className="mt-1 grid gap-0.5 text-gray-800" data-testid="price-breaks">
                {book.priceBreaks.map((row) => (
                  <li key={row.minQuantity}>
                    {row.minQuantity}+ copies: <strong>{formatMoney(row.unitPriceCents)}</strong> each
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-sm text-gray-700">
                Counted per title.{" "}
                <a href="/bulk-order" className="text-brand-700 underline">
                  Order many titles at once
                </a>
              </p>
            </section>
          ) : null}
          {book.ageRange ? <p className="text-gray-700">Ages {book.ageRange}</p> : null}
          {book.tags.length > 0 ? (
            <ul aria-label="Topics" className="flex flex-wrap gap-2">
              {book.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={catalogueHref({ tag })}
                    className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800 hover:ring-1 hover:ring-brand-600"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p
            data-testid="stock-status"
            className={`font-semibold ${!available ? "text-red-700" : stock ? "text-amber-800" : "text-green-800"}`}
          >
            {stock ?? "In stock"}
          </p>
          <p className="text-lg leading-8 text-gray-700">{book.description}</p>
          <div>
            <AddToCartWithQuantityIsland item={bookCartItem(book)} currency={store?.currency ?? DEFAULT_CURRENCY} />
          </div>
        </div>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mx-auto max-w-6xl px-4 pb-16">
          <h2 id="related-heading" className="font-serif text-2xl font-bold text-brand-800">
            You may also like
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((other) => (
              // Rendered (and its cover fetched) when it comes near: on a phone these are a screen
              // and more below the book (decision 22).
              <li key={other.id} className="render-card-when-near flex">
                <BookCard
                  book={other}
                  action={<AddToCartIsland item={bookCartItem(other)} className="mt-3 w-full" />}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

import { Link, redirect } from "react-router";
import { catalogueHref, readCatalogueParams } from "#common/books/catalogue-options.ts";
import { listCatalogueFilters } from "#server/books/list-catalogue-filters.ts";
import { searchCatalogue } from "#server/books/search-catalogue.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { BookCard } from "#app/features/books/book-card.tsx";
import { CatalogueFiltersIsland } from "#app/features/books/catalogue-filters.tsx";
import { AddToCartIsland } from "#app/features/cart/add-to-cart-button.tsx";
import { bookCartItem } from "#app/features/cart/book-cart-item.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/books";

/** Hydrated in parts (decision 21). */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = readCatalogueParams(url.searchParams);
  // One URL per search: empty fields, the default sort and over-long text are dropped, so a
  // submitted form, a shared link and the canonical address agree.
  const canonical = catalogueHref(params);
  // The path is left out: a client navigation's data request asks for /books.data, and may name
  // the routes it wants (_routes).
  const asked = new URLSearchParams(url.searchParams);
  asked.delete("_routes");
  const query = asked.toString();
  if (`/books${query ? `?${query}` : ""}` !== canonical) throw redirect(canonical);
  const [result, filters] = await Promise.all([
    searchCatalogue(context.services, params),
    listCatalogueFilters(context.services),
  ]);
  return { params: { ...params, page: result.page }, result, filters };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const page = data?.result.page ?? 1;
  const title = data?.params.q ? `Search: ${data.params.q}` : "All Bible Stories";
  return [
    ...pageMeta(args, {
      title: page > 1 ? `${title} (page ${page})` : title,
      description:
        "Browse every illustrated Bible-story book for children: search by title, author or story, and choose by age and topic.",
      path: page > 1 ? catalogueHref({ page }) : "/books",
    }),
    // Search results are for people; the catalogue's own pages are what search engines should list.
    ...(data?.params.q ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function Books({ loaderData: { params, result, filters } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl">All Bible Stories</h1>
      <p className="mt-2 text-gray-700">Search our illustrated Bible stories, and choose by age and topic.</p>
      <CatalogueFiltersIsland params={params} tags={filters.tags} />

      <div aria-live="polite" className="mt-6">
        {result.searchedFor ? (
          <p className="text-gray-700">
            Showing results for <strong>{result.searchedFor}</strong>
          </p>
        ) : null}
        <p className="sr-only">{result.total === 1 ? "1 book found" : `${result.total} books found`}</p>
      </div>

      {result.items.length === 0 ? (
        <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-100">
          <h2 className="font-serif text-2xl font-bold text-brand-800">No books match your search</h2>
          <p className="mt-2 text-gray-700">Try other words, or fewer filters.</p>
          <p className="mt-4">
            <Link to="/books" className="font-semibold text-brand-700 underline">
              See all books
            </Link>
          </p>
        </div>
      ) : (
        <>
          <h2 className="sr-only">Books</h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {result.items.map((book, index) => (
              // Every card but the first renders when it comes near (at once when on screen): a
              // phone then neither lays out nor fetches the covers of cards a screen or more below.
              <li key={book.id} className={index === 0 ? "flex" : "render-card-when-near flex"}>
                <BookCard
                  book={book}
                  action={<AddToCartIsland item={bookCartItem(book)} className="mt-3 w-full" />}
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
          <Pagination list={result} noun="book" />
        </>
      )}
    </div>
  );
}

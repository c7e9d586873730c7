/**
 * The catalogue page's options, shared by the /books page and the search on the server. Plain
 * TypeScript, no zod: the storefront page must not carry a validation library (issue 14); its
 * GET parameters are read by `readCatalogueParams` on the server, which never refuses a value but
 * turns anything odd into the nearest sane one.
 */
export const CATALOGUE_PAGE_SIZE = 24;

export const CATALOGUE_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "rating", label: "Top rated" },
] as const;

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]["value"];
export const DEFAULT_CATALOGUE_SORT: CatalogueSort = "newest";

/** Longer search text is cut: nobody types more, and longer text only costs the database. */
export const CATALOGUE_QUERY_MAX_LENGTH = 100;
/** Age ranges and tags are at most this long in the book form; longer filter values cannot match. */
export const CATALOGUE_FILTER_MAX_LENGTH = 40;

/** The catalogue's filters as the URL carries them (`/books?q=…&age=…&tag=…&sort=…&page=…`). */
export interface CatalogueParams {
  /** Search words; "" when none. */
  q: string;
  /** An age range as books carry it ("3-8"); "" for all ages. */
  age: string;
  /** One topic tag; "" for all topics. */
  tag: string;
  sort: CatalogueSort;
  /** 1-based, as asked for; the search clamps it to the pages that exist. */
  page: number;
}

function text(value: string | null, max: number): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, max);
}

/** Reads the URL's parameters; unknown sorts, odd page numbers and long text become sane values. */
export function readCatalogueParams(search: URLSearchParams): CatalogueParams {
  const sort = search.get("sort");
  const page = Number(search.get("page"));
  return {
    q: text(search.get("q"), CATALOGUE_QUERY_MAX_LENGTH),
    age: text(search.get("age"), CATALOGUE_FILTER_MAX_LENGTH),
    tag: text(search.get("tag"), CATALOGUE_FILTER_MAX_LENGTH),
    sort: CATALOGUE_SORTS.find((option) => option.value === sort)?.value ?? DEFAULT_CATALOGUE_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL of the catalogue with these filters; defaults are left out so links stay short. */
export function catalogueHref(params: Partial<CatalogueParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.age) search.set("age", params.age);
  if (params.tag) search.set("tag", params.tag);
  if (params.sort && params.sort !== DEFAULT_CATALOGUE_SORT) search.set("sort", params.sort);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `/books?${query}` : "/books";
}

/**
 * The catalogue page's options, shared by the /books page and the search on the server. Plain
 * TypeScript, no zod: the storefront page must not carry a validation library (issue 14); its
 * GET parameters are read by `readCatalogueParams` on the server, which never refuses a value but
 * turns anything odd into the nearest sane one.
 */
import { parseAgeRange } from "./age-range.ts";

export const CATALOGUE_PAGE_SIZE = 24;

export const CATALOGUE_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "rating", label: "Top rated" },
] as const;

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]["value"];
export const DEFAULT_CATALOGUE_SORT: CatalogueSort = "newest";

/** The ages the filter offers: a child's age, "Under 1" to 12 (decision 34). */
export const CATALOGUE_AGES: readonly number[] = Array.from({ length: 13 }, (_, age) => age);

/** An age as the filter names it. */
export function catalogueAgeLabel(age: number): string {
  if (age === 0) return "Under 1";
  return age === 1 ? "1 year" : `${age} years`;
}

/** Longer search text is cut: nobody types more, and longer text only costs the database. */
export const CATALOGUE_QUERY_MAX_LENGTH = 100;
/** Tags are at most this long in the book form; longer filter values cannot match. */
export const CATALOGUE_FILTER_MAX_LENGTH = 40;

/** The catalogue's filters as the URL carries them (`/books?q=…&age=…&tag=…&sort=…&page=…`). */
export interface CatalogueParams {
  /** Search words; "" when none. */
  q: string;
  /** A child's age (one of CATALOGUE_AGES): books whose range includes it; null for all ages. */
  age: number | null;
  /** One topic tag; "" for all topics. */
  tag: string;
  sort: CatalogueSort;
  /** 1-based, as asked for; the search clamps it to the pages that exist. */
  page: number;
}

function text(value: string | null, max: number): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, max);
}

/**
 * The `age` parameter: one of the offered ages. An address from before the filter took ages
 * (`?age=4-8`, a range's label) reads as its youngest age; anything else as all ages.
 */
function readAge(value: string | null): number | null {
  const typed = text(value, CATALOGUE_FILTER_MAX_LENGTH);
  if (typed === "") return null;
  const age = /^\d{1,2}$/.test(typed) ? Number(typed) : parseAgeRange(typed)?.min;
  return age !== undefined && CATALOGUE_AGES.includes(age) ? age : null;
}

/** Reads the URL's parameters; unknown sorts, odd page numbers and long text become sane values. */
export function readCatalogueParams(search: URLSearchParams): CatalogueParams {
  const sort = search.get("sort");
  const page = Number(search.get("page"));
  return {
    q: text(search.get("q"), CATALOGUE_QUERY_MAX_LENGTH),
    age: readAge(search.get("age")),
    tag: text(search.get("tag"), CATALOGUE_FILTER_MAX_LENGTH),
    sort: CATALOGUE_SORTS.find((option) => option.value === sort)?.value ?? DEFAULT_CATALOGUE_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL of the catalogue with these filters; defaults are left out so links stay short. */
export function catalogueHref(params: Partial<CatalogueParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.age !== undefined && params.age !== null) search.set("age", String(params.age));
  if (params.tag) search.set("tag", params.tag);
  if (params.sort && params.sort !== DEFAULT_CATALOGUE_SORT) search.set("sort", params.sort);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `/books?${query}` : "/books";
}

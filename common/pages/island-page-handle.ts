/**
 * Which pages are island pages (decision 21), as their route's `handle` says: the root layout
 * reads it to render a page's islands, and the server reads it to know that React Router in the
 * browser never draws such a page (its `clientLoader` loads it as a document instead).
 * Client-safe: no imports.
 */

/** A route's `handle` that makes it an island page. */
export const ISLAND_PAGE_HANDLE = { islands: true } as const;

export function isIslandPageHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { islands?: unknown }).islands === true;
}

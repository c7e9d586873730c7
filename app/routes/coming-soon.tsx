import { data } from "react-router";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import type { Route } from "./+types/coming-soon";

/**
 * The route the maintenance gate renders the Coming Soon document through, in place of whatever
 * page a visitor asked for: it loads nothing, so no page's data is fetched for a closed shop. The
 * root loader throws the 503 that the root ErrorBoundary shows as the Coming Soon page. Reached
 * directly while the shop is open, it does not exist.
 *
 * An island page (decision 21): the Coming Soon page is HTML, its newsletter form an island.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ context }: Route.LoaderArgs) {
  if (!context.maintenance) throw data(null, { status: 404 });
  return null;
}

export default function ComingSoonRoute() {
  return null;
}

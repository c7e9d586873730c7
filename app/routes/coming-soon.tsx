import { data } from "react-router";
import type { Route } from "./+types/coming-soon";

/**
 * The route the maintenance gate renders the Coming Soon document through, in place of whatever
 * page a visitor asked for: it loads nothing, so no page's data is fetched for a closed shop. The
 * root loader throws the 503 that the root ErrorBoundary shows as the Coming Soon page. Reached
 * directly while the shop is open, it does not exist.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.maintenance) throw data(null, { status: 404 });
  return null;
}

export default function ComingSoonRoute() {
  return null;
}

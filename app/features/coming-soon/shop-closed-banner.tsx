import { Link } from "react-router";

/** Shown to admins on every page while maintenance mode keeps visitors on the Coming Soon page. */
export function ShopClosedBanner() {
  return (
    <aside aria-label="Coming Soon mode" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <p>
        <strong>The shop is closed to visitors</strong> (they see the Coming Soon page). Only administrators can see the
        site.{" "}
        <Link to="/admin/coming-soon" className="font-semibold underline">
          Change this
        </Link>
      </p>
    </aside>
  );
}

import { data } from "react-router";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";

/** An island page (decision 21): plain HTML; only the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => noindexMeta("Page not found");

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-serif text-3xl font-bold">Page not found</h1>
      <p className="mt-4">
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <p className="mt-8">
        <a className="font-semibold text-brand-700 underline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  );
}

import { Link, useLocation } from "react-router";

/**
 * "13 books · page 2 of 7" with Previous/Next links that keep the other query parameters (e.g.
 * search). `list` is the page of a list as its use case answers it; `noun` is the singular
 * ("book"); `plural` is needed only where adding "s" is wrong.
 */
export function Pagination({
  list: { page, pageCount, total },
  noun,
  plural = `${noun}s`,
}: {
  list: { page: number; pageCount: number; total: number };
  noun: string;
  plural?: string;
}) {
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  const linkClass = "rounded-md px-3 py-1.5 font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100";
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>
        {total} {total === 1 ? noun : plural} · page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={linkClass}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

import { Link } from "react-router";

/**
 * A back-office list's filters as links (`?<param>=<key>`), each with how many rows it holds; the
 * one shown is filled and marked as the current page.
 */
export function FilterTabs<Key extends string>({
  label,
  param,
  names,
  counts,
  current,
}: {
  /** The navigation's accessible name. */
  label: string;
  param: string;
  /** Each filter's name, in the order the tabs show them. */
  names: Record<Key, string>;
  counts: Record<Key, number>;
  current: Key;
}) {
  return (
    <nav aria-label={label} className="mt-6 overflow-x-auto">
      <ul className="flex gap-2">
        {(Object.keys(names) as Key[]).map((which) => (
          <li key={which} className="flex-none">
            <Link
              to={`?${param}=${which}`}
              aria-current={which === current ? "page" : undefined}
              className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ${
                which === current
                  ? "bg-brand-700 text-white ring-brand-700"
                  : "bg-white text-brand-800 ring-brand-100 hover:bg-brand-100"
              }`}
            >
              {names[which]}
              <span className="rounded-full bg-black/10 px-2 text-xs">{counts[which]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

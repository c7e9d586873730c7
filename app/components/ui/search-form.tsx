import { Search } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

/**
 * A list search: a plain GET form, so the search is part of the URL (?search=…) and
 * survives a reload, a shared link and the back button. A new search leaves out `page`: it
 * starts again on the first page of the new results.
 */
export function SearchForm({
  search,
  name,
  label,
  placeholder,
}: {
  search: string;
  name: string;
  label: string;
  placeholder: string;
}) {
  const inputId = useId();
  const location = useLocation();
  return (
    <Form method="get" role="search" aria-label={name} className="mt-6 flex flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        // Remounted when the URL's search changes, so back/forward show the search being displayed.
        key={search}
        id={inputId}
        type="search"
        name="search"
        defaultValue={search}
        placeholder={placeholder}
        maxLength={100}
        className="min-w-0 flex-1 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink sm:max-w-md"
      />
      <div className="flex gap-2">
        <button type="submit" className={`${buttonStyles.primary} flex-1 py-2.5 sm:flex-none`}>
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
        {search ? (
          <Link to={location.pathname} className={`${buttonStyles.secondary} flex-1 py-2 sm:flex-none`}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

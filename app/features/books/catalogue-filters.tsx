import { Search } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import {
  CATALOGUE_AGES,
  CATALOGUE_QUERY_MAX_LENGTH,
  catalogueAgeLabel,
  CATALOGUE_SORTS,
  DEFAULT_CATALOGUE_SORT,
  type CatalogueParams,
} from "#common/books/catalogue-options.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { usePageRestored } from "#app/components/forms/use-page-restored.ts";

const FIELD_CLASS = "w-full min-w-0 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink";

function Select({ label, name, value, children }: { label: string; name: string; value: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        // Remounted when the URL changes, so back/forward show the filters of the page displayed.
        key={value}
        id={id}
        name={name}
        defaultValue={value}
        className={FIELD_CLASS}
        // With JavaScript a choice applies at once (one made before the island hydrated, once it
        // has: app/lib/early-events.ts); without it, the Search button sends the form.
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * The catalogue's search box and filters: a plain GET form, so every search is a URL (shared,
 * bookmarked, back button) and works without JavaScript. A new search starts on page 1.
 */
export function CatalogueFilters({ params, tags }: { params: CatalogueParams; tags: string[] }) {
  const searchId = useId();
  const form = useRef<HTMLFormElement>(null);
  const filtered =
    params.q !== "" || params.age !== null || params.tag !== "" || params.sort !== DEFAULT_CATALOGUE_SORT;
  // Back to a page kept whole in the back/forward cache: it shows the choice made just before
  // leaving, not the search its results are for; the form goes back to the page's own values.
  usePageRestored(() => form.current?.reset());
  return (
    <form
      ref={form}
      method="get"
      action="/books"
      role="search"
      aria-label="Books"
      // Nor does the browser fill in, on a page loaded again by Back, what was typed or chosen
      // before leaving it: the fields show the search of the results below them.
      autoComplete="off"
      className="mt-6 grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:gap-4 lg:grid-cols-[2fr_1fr_1.4fr_1.2fr_auto]"
    >
      <div className="col-span-2 grid min-w-0 gap-1.5 lg:col-span-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search books
        </label>
        <input
          key={params.q}
          id={searchId}
          type="search"
          name="q"
          defaultValue={params.q}
          placeholder="Title, author or story"
          maxLength={CATALOGUE_QUERY_MAX_LENGTH}
          className={FIELD_CLASS}
        />
      </div>
      {/* A child's age rather than the books' ranges: one choice finds every book for that age. */}
      <Select label="Child's age" name="age" value={params.age === null ? "" : String(params.age)}>
        <option value="">All ages</option>
        {CATALOGUE_AGES.map((age) => (
          <option key={age} value={age}>
            {catalogueAgeLabel(age)}
          </option>
        ))}
      </Select>
      <Select label="Topic" name="tag" value={params.tag}>
        <option value="">All topics</option>
        {tags.map((tag) => (
          <option key={tag} value={tag}>
            {tag}
          </option>
        ))}
        {params.tag !== "" && !tags.includes(params.tag) ? <option value={params.tag}>{params.tag}</option> : null}
      </Select>
      <Select label="Sort by" name="sort" value={params.sort}>
        {CATALOGUE_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </Select>
      <div className="flex min-w-0 flex-wrap gap-2">
        <button type="submit" className={`${buttonStyles.primary} flex-1 px-4 py-2.5 lg:flex-none`}>
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
        {filtered ? (
          <a href="/books" className={`${buttonStyles.secondary} flex-1 px-4 py-2 lg:flex-none`}>
            Clear
          </a>
        ) : null}
      </div>
    </form>
  );
}

/** On /books, an island page (decision 21): a choice reloads the page with the new address. */
export const CatalogueFiltersIsland = defineIsland("catalogue-filters", CatalogueFilters);

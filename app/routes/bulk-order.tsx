import { data, redirect } from "react-router";
import { CATALOGUE_AGES, catalogueAgeLabel, readCatalogueParams } from "#common/books/catalogue-options.ts";
import { BULK_QUANTITY_PREFIX, readBulkOrder } from "#common/checkout/bulk-order.ts";
import { cartParam } from "#common/checkout/cart-param.ts";
import { DEFAULT_CURRENCY } from "#common/money/money.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { listBulkOrder } from "#server/books/list-bulk-order.ts";
import { AppError } from "#server/errors/app-error.ts";
import { runAction } from "#server/http/action-result.ts";
import { readForm } from "#server/http/read-form.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { BulkOrderFormIsland, type BulkOrderRow } from "#app/features/cart/bulk-order-form.tsx";
import { bookCartItem, bundleCartItem } from "#app/features/cart/book-cart-item.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import { bundleContents } from "#common/books/bundle-contents.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/bulk-order";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: SITE_PAGES.bulkOrder.title,
    description: "Order every Bible-story title and set at once, with quantity prices for churches and schools.",
  });
}

/** An island page (decision 25): only the form is hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { age } = readCatalogueParams(new URL(request.url).searchParams);
  return { age, ...(await listBulkOrder(context.services, { age })) };
}

/**
 * The form's post without scripts (decision 36): the cart lives in the browser's storage, which
 * the server cannot fill, so the lines go to the checkout's address, the server's cart, which
 * prices them again and says what changed. A refusal shows this page with the quantities typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const typed: [string, FormDataEntryValue][] = [...form.entries()].filter(([name]) =>
    name.startsWith(BULK_QUANTITY_PREFIX),
  );
  const answer = await runAction(context.services, async () => {
    const reading = readBulkOrder(typed);
    if (!reading.ok) throw new AppError("VALIDATION", reading.message, { fieldErrors: reading.fieldErrors });
    return { lines: reading.lines };
  });
  if (answer.data.ok) {
    throw redirect(`${SITE_PAGES.checkout.path}?items=${encodeURIComponent(cartParam(answer.data.lines))}`, 303);
  }
  const values = Object.fromEntries(
    typed.flatMap(([name, value]) => (typeof value === "string" ? [[name, value.slice(0, 20)]] : [])),
  );
  return data({ ...answer.data, values }, answer.init ?? undefined);
}

export default function BulkOrder({ loaderData, actionData }: Route.ComponentProps) {
  const store = useStore();
  const { age, books, bundles, truncated } = loaderData;
  const rows: BulkOrderRow[] = [
    ...books.map((book) => ({
      item: bookCartItem(book),
      href: `/books/${book.slug}`,
      detail: [`by ${book.author}`, book.ageRange ? `Ages ${book.ageRange}` : null].filter(Boolean).join(" · "),
    })),
    ...bundles.map((bundle) => ({
      item: bundleCartItem(bundle),
      href: null,
      detail: `Set of ${bundleContents(bundle)}`,
    })),
  ];
  const failure = refusalOf(actionData);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:py-16">
      <header className="border-b border-brand-100 pb-6">
        <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800">{SITE_PAGES.bulkOrder.title}</h1>
        <p className="mt-3 text-lg text-gray-700">
          For churches, schools and co-ops: type how many copies of each title you need and add them all to your cart at
          once. Quantity prices apply per title, on that title&apos;s own quantity.
        </p>
      </header>
      <form method="get" action={SITE_PAGES.bulkOrder.path} className="mt-6 flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="bulk-age" className="text-sm font-medium">
            Child&apos;s age
          </label>
          <select
            id="bulk-age"
            name="age"
            defaultValue={age === null ? "" : String(age)}
            className="rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink"
          >
            <option value="">All ages</option>
            {CATALOGUE_AGES.map((option) => (
              <option key={option} value={option}>
                {catalogueAgeLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          Show
        </button>
      </form>
      {age !== null ? (
        <p className="mt-3 text-sm text-gray-700">
          Titles for a child of {catalogueAgeLabel(age).toLowerCase()}; sets are listed under All ages.
        </p>
      ) : null}
      <div className="mt-6">
        {rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-gray-700 shadow-sm ring-1 ring-brand-100">
            No titles for this age yet. <a href={SITE_PAGES.bulkOrder.path}>See every title</a>.
          </p>
        ) : (
          <BulkOrderFormIsland
            rows={rows}
            currency={store?.currency ?? DEFAULT_CURRENCY}
            failure={failure}
            values={actionData?.values}
          />
        )}
        {truncated ? (
          <p className="mt-3 text-sm text-gray-700">
            Not every title fits on this page: choose an age, or <a href="/books">browse the catalogue</a>.
          </p>
        ) : null}
      </div>
    </div>
  );
}

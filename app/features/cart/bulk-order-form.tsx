import { ShoppingBag } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { breakFor, unitPriceFor } from "#common/books/price-breaks.ts";
import { bulkQuantityField, readBulkOrder } from "#common/checkout/bulk-order.ts";
import { formatMoney } from "#common/money/money.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { defineIsland } from "#app/lib/island.tsx";
import type { CartItem } from "./cart-rules.ts";
import { cartActions } from "./cart-store.ts";

/** One title or set of the form. */
export interface BulkOrderRow {
  item: CartItem;
  /** The book's page; null for a set. */
  href: string | null;
  /** "by Miriam Hale · Ages 4-8", "3 books: …". */
  detail: string;
}

export interface BulkOrderFormProps {
  rows: BulkOrderRow[];
  currency: string;
  /** The page's own refusal, when it was posted without scripts. */
  failure?: { message: string; fieldErrors?: Record<string, string> } | undefined;
  /** The quantities that post typed, by field name. */
  values?: Record<string, string> | undefined;
}

/** A typed quantity as the total counts it: a whole number from 1, else none. */
const counted = (text: string | undefined) => {
  const trimmed = (text ?? "").trim();
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : 0;
};

/**
 * The bulk order form (decision 36): every title and set with a quantity box, the price break the
 * typed quantity reaches, each line's total and the running total. With scripts, "Add to cart"
 * puts every line in this browser's cart at once (capped at the stock, one toast); without them the
 * form posts to the page, whose action sends the lines to the checkout's address.
 */
export function BulkOrderForm({ rows, currency, failure, values = {} }: BulkOrderFormProps) {
  const [quantities, setQuantities] = useState<Record<string, string>>(values);
  const [errors, setErrors] = useState<Record<string, string>>(failure?.fieldErrors ?? {});
  const [message, setMessage] = useState<string | null>(failure?.message ?? null);
  const form = useRef<HTMLFormElement>(null);
  const money = (cents: number) => formatMoney(cents, currency);

  const totalCents = rows.reduce((sum, { item }) => {
    const quantity = counted(quantities[bulkQuantityField(item.id)]);
    return sum + quantity * unitPriceFor(item.priceCents, item.priceBreaks ?? [], quantity);
  }, 0);
  const copies = rows.reduce((sum, { item }) => sum + counted(quantities[bulkQuantityField(item.id)]), 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reading = readBulkOrder(Object.entries(quantities));
    if (!reading.ok) {
      setErrors(reading.fieldErrors);
      setMessage(reading.message);
      const first = Object.keys(reading.fieldErrors)[0];
      const box = first ? form.current?.elements.namedItem(first) : null;
      if (box instanceof HTMLElement) box.focus();
      return;
    }
    const items = new Map(rows.map(({ item }) => [item.id, item]));
    cartActions.addMany(
      reading.lines.flatMap(({ id, quantity }) => {
        const item = items.get(id);
        return item ? [{ item, quantity }] : [];
      }),
    );
    setErrors({});
    setMessage(null);
    setQuantities({});
  };

  return (
    <form
      ref={form}
      method="post"
      action="/bulk-order"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6"
      data-testid="bulk-order-form"
    >
      {message ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800 ring-1 ring-red-700/30">
          {message}
        </p>
      ) : null}
      <ul className="divide-y divide-brand-100 rounded-2xl bg-white shadow-sm ring-1 ring-brand-100">
        {rows.map(({ item, href, detail }) => {
          const name = bulkQuantityField(item.id);
          const quantity = counted(quantities[name]);
          const unit = unitPriceFor(item.priceCents, item.priceBreaks ?? [], quantity);
          const reached = breakFor(item.priceCents, item.priceBreaks ?? [], quantity);
          const soldOut = item.stock !== null && item.stock < 1;
          const error = errors[name];
          return (
            <li
              key={item.id}
              className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-2 p-4 sm:grid-cols-[1fr_9rem_6rem]"
              data-testid="bulk-order-row"
            >
              <div className="min-w-0">
                <p className="font-semibold leading-snug">
                  {href ? (
                    <a href={href} className="hover:text-brand-700 hover:underline">
                      {item.name}
                    </a>
                  ) : (
                    item.name
                  )}
                </p>
                <p className="text-sm text-gray-700">{detail}</p>
                <p className="text-sm text-gray-800">
                  <span className={reached ? "line-through" : "font-semibold"}>{money(item.priceCents)}</span>
                  {item.priceBreaks?.map((row) => (
                    <span key={row.minQuantity} className={reached === row ? "font-semibold text-green-800" : ""}>
                      {" · "}
                      {row.minQuantity}+ {money(row.unitPriceCents)}
                    </span>
                  ))}
                  {soldOut ? <span className="font-semibold text-red-700"> · Out of stock</span> : null}
                  {item.stock !== null && item.stock > 0 && item.stock <= 20 ? (
                    <span className="text-amber-800"> · {item.stock} left</span>
                  ) : null}
                </p>
              </div>
              <div className="row-span-2 grid justify-items-end gap-1 sm:row-span-1">
                <label htmlFor={`bulk-${item.id}`} className="text-sm font-medium">
                  Quantity<span className="sr-only"> of {item.name}</span>
                </label>
                <input
                  id={`bulk-${item.id}`}
                  name={name}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={soldOut}
                  value={quantities[name] ?? ""}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setQuantities((all) => ({ ...all, [name]: text }));
                    if (error) setErrors(({ [name]: _gone, ...rest }) => rest);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `bulk-${item.id}-error` : undefined}
                  className="w-20 rounded-lg border border-brand-600/40 bg-white px-3 py-2 text-right text-ink disabled:bg-gray-100 aria-invalid:border-red-700"
                  data-testid="bulk-quantity"
                />
              </div>
              <p className="text-sm sm:text-right" data-testid="bulk-line-total">
                {quantity > 0 ? (
                  <>
                    <span className="font-semibold">{money(unit * quantity)}</span>
                    <span className="block text-gray-700">
                      {money(unit)} each{reached ? ` (${reached.minQuantity}+ price)` : ""}
                    </span>
                  </>
                ) : null}
              </p>
              {error ? (
                <p id={`bulk-${item.id}-error`} className="col-span-full text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-md ring-1 ring-brand-100">
        <p aria-live="polite" className="text-lg font-bold">
          Total: <span data-testid="bulk-total">{money(totalCents)}</span>
          <span className="ml-2 text-sm font-normal text-gray-700">{copies === 1 ? "1 copy" : `${copies} copies`}</span>
        </p>
        <button type="submit" className={buttonStyles.primary}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          Add to cart
        </button>
      </div>
    </form>
  );
}

/** The bulk order page's island (`PAGE_ISLANDS`): its chunk is fetched by that page only. */
export const BulkOrderFormIsland = defineIsland("bulk-order-form", BulkOrderForm);

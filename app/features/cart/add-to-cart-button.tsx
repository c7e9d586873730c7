import { ShoppingBag } from "lucide-react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { cartActions } from "./cart-store.ts";
import type { CartItem } from "./cart-rules.ts";

/** Not the faded primary button: grey with dark text, readable, and it says why in words. */
const SOLD_OUT_STYLE =
  "inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-full bg-gray-200 px-6 py-3 font-semibold text-gray-800";

/** At or below this many units a book or bundle says how many are left. */
export const LOW_STOCK_THRESHOLD = 5;

/** "Sold out", "Only N left", or null when there is plenty (or the stock is not tracked). */
export function stockLabel(stock: number | null): string | null {
  if (stock === null) return null;
  if (stock < 1) return "Sold out";
  return stock <= LOW_STOCK_THRESHOLD ? `Only ${stock} left` : null;
}

/**
 * "Add to Collection", with the stock it depends on: a sold-out item gets a disabled button
 * that says "Sold out" in words (not only a faded colour), a nearly sold-out one a line above the
 * button saying how many are left. The cart still refuses what it cannot add, with the spec's
 * toasts, for a page that was open while the stock ran out.
 */
export function AddToCartButton({
  item,
  className = "",
  showStock = true,
}: {
  item: CartItem;
  className?: string;
  /** Off where the page states the stock itself (the book page). */
  showStock?: boolean;
}) {
  const soldOut = item.stock !== null && item.stock < 1;
  const label = showStock && !soldOut ? stockLabel(item.stock) : null;
  return (
    <>
      {label ? (
        <p className="text-sm font-semibold text-amber-800" data-testid="stock-label">
          {label}
        </p>
      ) : null}
      {soldOut ? (
        <button type="button" disabled className={`${SOLD_OUT_STYLE} ${className}`}>
          Sold out<span className="sr-only">: {item.name}</span>
        </button>
      ) : (
        <button type="button" onClick={() => cartActions.add(item)} className={`${buttonStyles.primary} ${className}`}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          Add to Collection<span className="sr-only">: {item.name}</span>
        </button>
      )}
    </>
  );
}

/** The button as an island of a catalogue page (decision 21). */
export const AddToCartIsland = defineIsland("add-to-cart", AddToCartButton);

import { ShoppingBag } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { showToast } from "#app/components/ui/toast.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { breakFor } from "#common/books/price-breaks.ts";
import { formatMoney } from "#common/money/money.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { capQuantity, cartLimit, QUANTITY_MESSAGE, readQuantity, type CartItem } from "./cart-rules.ts";
import { cartActions } from "./cart-store.ts";
import { QuantityError, QuantityStepper } from "./quantity-stepper.tsx";

/**
 * The book page's "Add to Collection" with a quantity to type or step (bulk buying: a class's
 * 25 copies). The quantity is capped at the stock, with the spec's "Stock Limit Reached", when
 * the box is left or stepped past it; adding caps again at what the cart can still take. No
 * `<form>`: before the island hydrates, Enter in the box must not send the page a query.
 */
export function AddToCartWithQuantity({ item, currency }: { item: CartItem; currency: string }) {
  const id = useId();
  const [text, setText] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (item.stock !== null && item.stock < 1) return <AddToCartButton item={item} showStock={false} />;

  const show = (quantity: number) => {
    const capped = capQuantity(item, quantity);
    setText(String(capped.quantity));
    setError(null);
    if (capped.toast) showToast(capped.toast);
  };
  const commit = () => {
    const typed = readQuantity(text);
    if (typed === null) setError(QUANTITY_MESSAGE);
    else show(typed);
  };
  const add = () => {
    const typed = readQuantity(text);
    if (typed === null) {
      setError(QUANTITY_MESSAGE);
      input.current?.focus();
      return;
    }
    setError(null);
    setText(String(capQuantity(item, typed).quantity));
    // The cart caps what it adds (the stock less what it holds) with the spec's messages.
    cartActions.add(item, typed);
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Quantity
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          id={id}
          inputRef={input}
          labelled
          itemName={item.name}
          text={text}
          onText={(typed) => {
            // As in the form kit: a message goes once its field is changed.
            setText(typed);
            setError(null);
          }}
          onCommit={commit}
          onEnter={add}
          onStep={(delta) => {
            const next = (readQuantity(text) ?? 1) + delta;
            if (next >= 1) show(next);
          }}
          max={cartLimit(item)}
          decreaseDisabled={(readQuantity(text) ?? 1) <= 1}
          error={error}
        />
        <button type="button" onClick={add} className={buttonStyles.primary}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          Add to Collection<span className="sr-only">: {item.name}</span>
        </button>
      </div>
      <QuantityError id={id} error={error} />
      <QuantityPrice item={item} quantity={readQuantity(text)} currency={currency} />
    </div>
  );
}

/** The price break the typed quantity reaches (decision 36), said as it is typed. */
function QuantityPrice({ item, quantity, currency }: { item: CartItem; quantity: number | null; currency: string }) {
  const reached = quantity === null ? undefined : breakFor(item.priceCents, item.priceBreaks ?? [], quantity);
  return (
    <p aria-live="polite" className="text-sm font-medium text-green-800" data-testid="quantity-price">
      {reached ? `${formatMoney(reached.unitPriceCents, currency)} each for ${reached.minQuantity}+ copies` : ""}
    </p>
  );
}

/** The book page's island (decision 21): a chunk only that page fetches. */
export const AddToCartWithQuantityIsland = defineIsland("add-to-cart-quantity", AddToCartWithQuantity);

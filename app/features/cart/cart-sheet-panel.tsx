import { ShoppingBag, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState, type RefObject } from "react";
import { breakFor } from "#common/books/price-breaks.ts";
import { cartParam } from "#common/checkout/cart-param.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ToastButton } from "#app/components/ui/toast-button.tsx";
import { coverSources } from "#app/lib/book-cover.ts";
import { useFormatMoney } from "#app/lib/money.ts";
import {
  capQuantity,
  cartLimit,
  lineUnitPriceCents,
  QUANTITY_MESSAGE,
  readQuantity,
  type CartLine,
} from "./cart-rules.ts";
import { cartActions, useCart } from "./cart-store.ts";
import { QuantityError, QuantityStepper } from "./quantity-stepper.tsx";
import { WasPrice } from "#app/components/ui/was-price.tsx";

export interface CartSheetPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the sheet, focused again when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  /** At least one payment method is ready: "Proceed to Checkout" opens /checkout. */
  checkoutAvailable: boolean;
}

/**
 * The "Your Collection" side sheet: a modal dialog of the cart's lines. A chunk of its own, fetched
 * when the sheet is first opened (cart-sheet.tsx), so that no page load carries the dialog's code.
 */
export function CartSheetPanel({ open, onOpenChange, trigger, checkoutAvailable }: CartSheetPanelProps) {
  const formatMoney = useFormatMoney();
  const cart = useCart();
  // The cart lives in this browser: its lines travel to the checkout page in the address. The
  // price (its break included) is only there to say what changed since; the server prices the order itself.
  const checkoutHref = `/checkout?items=${encodeURIComponent(
    cartParam(
      cart.lines.map((line) => ({ id: line.id, quantity: line.quantity, cartPriceCents: lineUnitPriceCents(line) })),
    ),
  )}`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl outline-none"
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it (the dialog has no Radix trigger to return to).
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-brand-100 px-5 py-4">
            <Dialog.Title className="font-serif text-xl font-bold">Your Collection</Dialog.Title>
            <Dialog.Close aria-label="Close your collection" className={buttonStyles.subtle}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">The books and sets you have chosen.</Dialog.Description>
          {cart.lines.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
              <ShoppingBag aria-hidden="true" className="size-12 text-brand-600" />
              <p className="text-lg font-semibold">Your collection is empty</p>
              <p className="text-gray-700">Find a book or a set to start your journey!</p>
            </div>
          ) : (
            <>
              <ul className="flex-1 divide-y divide-brand-100 overflow-y-auto px-5">
                {cart.lines.map((line) => (
                  <li key={line.id} className="flex gap-4 py-4" data-testid="cart-line">
                    <img
                      {...coverSources(line.image, "64px")}
                      alt=""
                      width={64}
                      height={85}
                      decoding="async"
                      className="h-[85px] w-16 flex-none rounded object-cover ring-1 ring-brand-100"
                    />
                    <div className="flex flex-1 flex-col gap-1">
                      <p className="font-semibold leading-snug">{line.name}</p>
                      <LinePrice line={line} />
                      <div className="mt-auto flex items-start gap-2">
                        <CartLineQuantity line={line} />
                        <button
                          type="button"
                          aria-label={`Remove ${line.name}`}
                          onClick={() => cartActions.remove(line.id)}
                          className="ml-auto rounded-full p-1.5 text-red-700 hover:bg-red-50"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="grid gap-3 border-t border-brand-100 px-5 py-4">
                <p className="flex justify-between text-lg font-bold">
                  <span>Subtotal</span>
                  <span data-testid="cart-subtotal">{formatMoney(cart.subtotalCents)}</span>
                </p>
                {checkoutAvailable ? (
                  <Dialog.Close asChild>
                    <a href={checkoutHref} className={buttonStyles.primary}>
                      Proceed to Checkout
                    </a>
                  </Dialog.Close>
                ) : (
                  <ToastButton
                    label="Proceed to Checkout"
                    className={buttonStyles.primary}
                    toast={{
                      title: "Checkout isn't ready yet",
                      description: "Online checkout is on its way. Thank you for your patience!",
                    }}
                  />
                )}
                <ToastButton
                  label="Pay with Crypto"
                  className={buttonStyles.secondary}
                  toast={{
                    title: "Crypto Payments Coming Soon!",
                    description: "We are working on accepting cryptocurrency. Please check back soon.",
                  }}
                />
                <button type="button" className={buttonStyles.subtle} onClick={() => cartActions.clear()}>
                  Clear Collection
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The unit price the line's quantity reaches, the list price struck beside a price break. */
function LinePrice({ line }: { line: CartLine }) {
  const formatMoney = useFormatMoney();
  const unit = lineUnitPriceCents(line);
  if (unit === line.priceCents) return <p className="text-sm text-gray-700">{formatMoney(unit)}</p>;
  const reached = breakFor(line.priceCents, line.priceBreaks ?? [], line.quantity);
  return (
    <p className="text-sm text-gray-700" data-testid="cart-line-price">
      <span className="font-semibold text-brand-800">{formatMoney(unit)}</span> <WasPrice cents={line.priceCents} />{" "}
      <span>each{reached ? ` (${reached.minQuantity}+ price)` : ""}</span>
    </p>
  );
}

/**
 * A line's quantity: − and + change it at once (− at 1 removes the line, as the spec has it); a
 * typed one is set when the box is left or on Enter, capped at the stock with the spec's message.
 */
function CartLineQuantity({ line }: { line: CartLine }) {
  const id = useId();
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  // −, +, another tab or a cap: the box shows the line's quantity, in the same render (an effect
  // would show the old number for a frame, and a quick reader would see it).
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
    setError(null);
  }
  const commit = () => {
    const typed = readQuantity(text);
    if (typed === null) {
      setError(QUANTITY_MESSAGE);
      return;
    }
    setError(null);
    // What the cart will hold: the line's quantity may already be the cap, so nothing would change it back.
    setText(String(capQuantity(line, typed).quantity));
    if (typed !== line.quantity) cartActions.setQuantity(line.id, typed);
  };
  return (
    <div className="grid gap-1">
      <QuantityStepper
        id={id}
        itemName={line.name}
        text={text}
        onText={(typed) => {
          // As in the form kit: a message goes once its field is changed.
          setText(typed);
          setError(null);
        }}
        onCommit={commit}
        onStep={(delta) => cartActions.step(line.id, delta)}
        max={cartLimit(line)}
        error={error}
        testId="cart-quantity"
      />
      <QuantityError id={id} error={error} />
    </div>
  );
}

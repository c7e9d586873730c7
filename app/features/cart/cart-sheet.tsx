import { Minus, Plus, ShoppingBag, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { cartParam } from "#common/checkout/cart-param.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { showToast } from "#app/components/ui/toast.tsx";
import { coverSources } from "#app/lib/book-cover.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { CurrencyProvider, useFormatMoney } from "#app/lib/money.ts";
import { cartActions, useCart } from "./cart-store.ts";

interface CartSheetProps {
  /** At least one payment method is ready: "Proceed to Checkout" opens /checkout. */
  checkoutAvailable: boolean;
  currency: string;
}

/**
 * The floating "Your Collection" button (bottom right, item count) and its side sheet, on every
 * storefront page; an island on catalogue pages (decision 21), so it takes the store's settings
 * as props rather than from the root's data.
 */
export function CartSheet({ currency, ...props }: CartSheetProps) {
  return (
    <CurrencyProvider value={currency}>
      <CartSheetContent {...props} />
    </CurrencyProvider>
  );
}

export const CartSheetIsland = defineIsland("cart-sheet", CartSheet);

function CartSheetContent({ checkoutAvailable }: Omit<CartSheetProps, "currency">) {
  const formatMoney = useFormatMoney();
  const cart = useCart();
  // The cart lives in this browser: its lines travel to the checkout page in the address. The
  // price is only there to say what changed since; the server prices the order itself.
  const checkoutHref = `/checkout?items=${encodeURIComponent(
    cartParam(cart.lines.map((line) => ({ id: line.id, quantity: line.quantity, cartPriceCents: line.priceCents }))),
  )}`;
  const count = cart.hydrated ? cart.itemCount : 0;
  return (
    <Dialog.Root>
      {/* Named by its own text (WCAG 2.5.3, label in name): the visible count is part of the name. */}
      <Dialog.Trigger className="fixed bottom-4 right-4 z-40 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 sm:bottom-5 sm:right-5 sm:size-14">
        <ShoppingBag aria-hidden="true" className="size-6" />
        <span className="sr-only">Open your collection, </span>
        {count > 0 ? (
          <span
            data-testid="cart-count"
            className="absolute -right-1 -top-1 flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold leading-6 text-white"
          >
            {count}
          </span>
        ) : (
          <span className="sr-only">0</span>
        )}
        <span className="sr-only">{count === 1 ? " item" : " items"}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl outline-none">
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
                      <p className="text-sm text-gray-700">{formatMoney(line.priceCents)}</p>
                      <div className="mt-auto flex items-center gap-2">
                        <button
                          type="button"
                          aria-label={`Decrease quantity of ${line.name}`}
                          onClick={() => cartActions.setQuantity(line.id, line.quantity - 1)}
                          className="rounded-full p-1.5 ring-1 ring-brand-100 hover:bg-brand-100"
                        >
                          <Minus aria-hidden="true" className="size-4" />
                        </button>
                        <span
                          aria-label={`Quantity of ${line.name}`}
                          className="min-w-6 text-center font-semibold"
                          data-testid="cart-quantity"
                        >
                          {line.quantity}
                        </span>
                        <button
                          type="button"
                          aria-label={`Increase quantity of ${line.name}`}
                          onClick={() => cartActions.setQuantity(line.id, line.quantity + 1)}
                          className="rounded-full p-1.5 ring-1 ring-brand-100 hover:bg-brand-100"
                        >
                          <Plus aria-hidden="true" className="size-4" />
                        </button>
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
                  <button
                    type="button"
                    className={buttonStyles.primary}
                    onClick={() =>
                      showToast({
                        title: "Checkout isn't ready yet",
                        description: "Online checkout is on its way. Thank you for your patience!",
                      })
                    }
                  >
                    Proceed to Checkout
                  </button>
                )}
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() =>
                    showToast({
                      title: "Crypto Payments Coming Soon!",
                      description: "We are working on accepting cryptocurrency. Please check back soon.",
                    })
                  }
                >
                  Pay with Crypto
                </button>
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

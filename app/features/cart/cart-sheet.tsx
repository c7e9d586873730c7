import { ShoppingBag } from "lucide-react";
import { useRef, useState, type ComponentType } from "react";
import { showToast } from "#app/components/ui/toast.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { CurrencyProvider } from "#app/lib/money.ts";
import type { CartSheetPanelProps } from "./cart-sheet-panel.tsx";
import { useCart } from "./cart-store.ts";

interface CartSheetProps {
  /** At least one payment method is ready: "Proceed to Checkout" opens /checkout. */
  checkoutAvailable: boolean;
  currency: string;
}

/**
 * The floating "Your Collection" button (bottom right, item count) and its side sheet, on every
 * storefront page; an island (decision 21), so it takes the store's settings as props rather than
 * from the root's data. The sheet (cart-sheet-panel.tsx) is fetched when it is first opened.
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
  const cart = useCart();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<CartSheetPanelProps> | null>(null);
  const count = cart.hydrated ? cart.itemCount : 0;
  const openSheet = () => {
    setOpen(true);
    if (Panel) return;
    loadPanel().then(
      (component) => setPanel(() => component),
      () => {
        setOpen(false);
        showToast({
          title: "Your collection could not be opened",
          description: "Please check your connection and try again.",
        });
      },
    );
  };
  return (
    <>
      {/* Named by its own text (WCAG 2.5.3, label in name): the visible count is part of the name. */}
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openSheet}
        // A pointer on its way to the button, or focus on it: the sheet's code is fetched a moment early.
        onPointerEnter={() => void loadPanel().catch(() => {})}
        onFocus={() => void loadPanel().catch(() => {})}
        className="fixed bottom-4 right-4 z-40 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 sm:bottom-5 sm:right-5 sm:size-14"
      >
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
      </button>
      {Panel ? (
        <Panel open={open} onOpenChange={setOpen} trigger={trigger} checkoutAvailable={checkoutAvailable} />
      ) : null}
    </>
  );
}

/** The sheet's chunk, fetched once; a failed fetch is tried again on the next open. */
let panel: Promise<ComponentType<CartSheetPanelProps>> | undefined;
function loadPanel(): Promise<ComponentType<CartSheetPanelProps>> {
  panel ??= import("./cart-sheet-panel.tsx").then(
    ({ CartSheetPanel }) => CartSheetPanel,
    (error: unknown) => {
      panel = undefined;
      throw error;
    },
  );
  return panel;
}

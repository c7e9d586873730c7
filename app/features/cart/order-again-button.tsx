import { RotateCcw } from "lucide-react";
import { useRef, useState } from "react";
import { ORDER_AGAIN_FIELDS } from "#common/checkout/order-again-fields.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { showToast } from "#app/components/ui/toast.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import type { CartItem } from "./cart-rules.ts";
import { cartActions } from "./cart-store.ts";

/** The answer of /resources/order-again to the island. */
type OrderAgainAnswer =
  | { ok: true; lines: { item: CartItem; quantity: number }[]; changes: string[] }
  | { ok: false; error: { message: string } };

const ORDER_AGAIN_PATH = "/resources/order-again";

/**
 * "Order Again" (decision 36): the order's lines into the cart at today's prices and stock, with
 * what changed said under the button. A plain form: without scripts (or before hydration) it posts
 * as a document and the checkout shows the lines and the changes; once hydrated it asks for them
 * as JSON and fills this browser's cart.
 */
export function OrderAgainButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const [changes, setChanges] = useState<string[] | null>(null);
  const sent = useRef(false);
  return (
    <div className="grid gap-2">
      <form
        method="post"
        action={ORDER_AGAIN_PATH}
        onSubmit={(event) => {
          event.preventDefault();
          if (sent.current) return;
          sent.current = true;
          setBusy(true);
          const body = new FormData(event.currentTarget);
          body.set(ORDER_AGAIN_FIELDS.respond, "json");
          void fetch(ORDER_AGAIN_PATH, { method: "POST", body, headers: { Accept: "application/json" } })
            .then(async (response) => (await response.json()) as OrderAgainAnswer)
            .then((answer) => {
              if (!answer.ok) {
                showToast({ title: "Order Again", description: answer.error.message, variant: "destructive" });
                return;
              }
              setChanges(answer.changes);
              if (answer.lines.length > 0) cartActions.addMany(answer.lines);
              else showToast({ title: "Order Again", description: "Nothing of this order can be bought today." });
            })
            .catch(() =>
              showToast({
                title: "Order Again",
                description: "The order could not be read. Please try again.",
                variant: "destructive",
              }),
            )
            .finally(() => {
              sent.current = false;
              setBusy(false);
            });
        }}
      >
        <input type="hidden" name={ORDER_AGAIN_FIELDS.orderId} value={orderId} />
        <button type="submit" className={buttonStyles.secondary} disabled={busy} data-testid="order-again">
          <RotateCcw aria-hidden="true" className="size-4" />
          {busy ? "Adding..." : "Order Again"}
          <span className="sr-only"> order {orderId}</span>
        </button>
      </form>
      <div role="status" data-testid="order-again-changes">
        {changes === null ? null : changes.length === 0 ? (
          <p className="text-sm text-gray-700">Every item is in your cart at today&apos;s prices.</p>
        ) : (
          <>
            <p className="text-sm font-semibold">In your cart at today&apos;s prices, with these changes:</p>
            <ul className="list-disc pl-5 text-sm text-gray-800">
              {changes.map((change, index) => (
                <li key={index}>{change}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

/** A page island (`PAGE_ISLANDS`): Order History's and the order confirmation's. */
export const OrderAgainIsland = defineIsland("order-again", OrderAgainButton);

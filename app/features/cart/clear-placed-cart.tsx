import { useEffect } from "react";
import { defineIsland } from "#app/lib/island.tsx";
import { cartActions, useCart } from "./cart-store.ts";

/**
 * Empties this browser's cart once its items became an order: rendered by the order confirmation
 * only when the order was just placed (or paid on Stripe's page). Draws nothing.
 */
function ClearPlacedCart() {
  const cart = useCart();
  // After the stored cart was read (or reading it would refill it), once per page.
  useEffect(() => {
    if (cart.hydrated) cartActions.clearPlacedOrder();
  }, [cart.hydrated]);
  return null;
}

/** An island of the order confirmation (decision 21): the cart is a store outside React. */
export const ClearPlacedCartIsland = defineIsland("clear-placed-cart", ClearPlacedCart);

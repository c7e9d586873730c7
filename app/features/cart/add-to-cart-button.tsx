import { ShoppingBag } from "lucide-react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useCart } from "./cart-context.tsx";
import type { CartItem } from "./cart-rules.ts";

export function AddToCartButton({ item, className = "" }: { item: CartItem; className?: string }) {
  const cart = useCart();
  return (
    <button type="button" onClick={() => cart.add(item)} className={`${buttonStyles.primary} ${className}`}>
      <ShoppingBag aria-hidden="true" className="size-4" />
      Add to Collection<span className="sr-only">: {item.name}</span>
    </button>
  );
}

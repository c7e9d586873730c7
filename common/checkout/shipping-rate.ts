// What a shipping method charges for one cart (issue 33, item 8; decision 37). Pure, so the
// checkout page, placing the order and the settings screen's explanation agree to the cent.

/** A shipping method's price rule, in cents, as Store Settings keeps it. */
export interface ShippingRule {
  /** The charge for an order of one item. */
  rateCents: number;
  /** Added for each item after the first (0: one price whatever the order holds). */
  perItemCents: number;
  /** An order whose subtotal reaches this ships free by this method; null: never free. */
  freeAboveCents: number | null;
}

/** The part of a cart the rule reads: how many books (a set counts each of its books) and their subtotal. */
export interface ShippedCart {
  items: number;
  subtotalCents: number;
}

/**
 * The charge: free when the subtotal reaches the method's threshold, otherwise the rate plus the
 * per-item amount for every item after the first. An empty cart pays the rate alone.
 */
export function shippingCharge(rule: ShippingRule, cart: ShippedCart): number {
  if (rule.freeAboveCents !== null && cart.subtotalCents >= rule.freeAboveCents) return 0;
  return rule.rateCents + rule.perItemCents * Math.max(0, cart.items - 1);
}

/** True when the method charges one rate whatever the order holds (no words needed beside it). */
export function isFlatRate(rule: ShippingRule): boolean {
  return rule.perItemCents === 0 && rule.freeAboveCents === null;
}

/** The rule in words for the screens ("$5.00, plus $0.50 for each further item; free from $75.00"). */
export function describeShippingRule(rule: ShippingRule, money: (cents: number) => string): string {
  const parts = [money(rule.rateCents)];
  if (rule.perItemCents > 0) parts[0] += `, plus ${money(rule.perItemCents)} for each further item`;
  if (rule.freeAboveCents !== null) parts.push(`free on orders of ${money(rule.freeAboveCents)} or more`);
  return parts.join("; ");
}

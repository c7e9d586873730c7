// The shipping rates a checkout page showed, posted back with its form so that placing the order
// can refuse a rate changed since (place-order.ts), as it refuses a changed subtotal. No zod: the
// checkout form's own chunk uses it (decision 16).

/** The form's `quotedShippingRates`: each shipping method's rate as the page showed it. */
export function quoteShippingRates(methods: ReadonlyArray<{ id: string; rateCents: number }>): string {
  return new URLSearchParams(methods.map((method) => [method.id, String(method.rateCents)])).toString();
}

/** The rate `quotedShippingRates` showed for one method, in cents; null when it showed none. */
export function quotedShippingRate(quoted: string | undefined, methodId: string): number | null {
  const rate = quoted === undefined ? null : new URLSearchParams(quoted).get(methodId);
  return rate !== null && /^\d{1,12}$/.test(rate) ? Number(rate) : null;
}

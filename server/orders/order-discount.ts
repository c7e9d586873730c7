/** An order's discount line as every view of the order shows it ("Discount (SPRING10)"), or null. */
export interface OrderDiscountView {
  code: string;
  cents: number;
}

/** The discount line of an order row (decision 39); null when the order has none. */
export function orderDiscount(order: {
  discount_code: string | null;
  discount_cents: number;
}): OrderDiscountView | null {
  return order.discount_cents > 0 ? { code: order.discount_code ?? "code", cents: order.discount_cents } : null;
}

/** The line's label: "Discount (SPRING10)". */
export function discountLabel(discount: OrderDiscountView): string {
  return `Discount (${discount.code})`;
}

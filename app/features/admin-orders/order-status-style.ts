import type { OrderStatusValue } from "#common/orders/order-status-schema.ts";

/**
 * Badge colours per order status, from the specification: Pending yellow, Processing blue,
 * Shipped green, Delivered teal, Cancelled red, anything else grey. The 900 text on the 100
 * background keeps the contrast well above WCAG AA.
 */
const STATUS_CLASSES: Record<OrderStatusValue, string> = {
  Pending: "bg-yellow-100 text-yellow-900",
  Processing: "bg-blue-100 text-blue-900",
  Shipped: "bg-green-100 text-green-900",
  Delivered: "bg-teal-100 text-teal-900",
  Cancelled: "bg-red-100 text-red-900",
};

export function orderStatusClasses(status: string): string {
  return STATUS_CLASSES[status as OrderStatusValue] ?? "bg-gray-100 text-gray-900";
}

import type { DocumentSeller, OrderDocument, OrderDocumentLine } from "#server/documents/order-document.ts";

/** A seller with a postal address, as Store Settings would give it. */
export const TEST_SELLER: DocumentSeller = {
  name: "Little Scrolls Press",
  postalAddress: ["400 Mustard Seed Way, Suite 7", "Nashville, TN 37201"],
  contactEmail: "hello@littlescrolls.example",
};

/** `count` order lines, "Story 1" … "Story n", quantity 1 at $12.99 unless `title` names one. */
export function testLines(count: number, title = (i: number) => `Story ${i + 1}`): OrderDocumentLine[] {
  return Array.from({ length: count }, (_, i) => ({
    title: title(i),
    quantity: 1,
    unitPriceCents: 1299,
    lineTotalCents: 1299,
  }));
}

/** The buyer of insertTestOrder's order (test-orders.ts), as an order document shows them. */
export const TEST_DOCUMENT_BUYER: Pick<OrderDocument, "customer" | "shipTo"> = {
  customer: {
    name: "Grace Hopper",
    organisation: "St. Mark's School",
    email: "buyer@example.com",
    phone: "+1 555 0100",
    poNumber: "PO-7731",
  },
  shipTo: ["Grace Hopper", "St. Mark's School", "12 Elm Street", "Springfield, IL 62704", "United States"],
};

/** An invoice order awaiting payment, for a school with a PO number; `order` overrides any field. */
export function testOrderDocument(order: Partial<OrderDocument> = {}): OrderDocument {
  const lines = order.lines ?? [
    { title: "Noah's Ark", quantity: 2, unitPriceCents: 1250, lineTotalCents: 2500 },
    { title: "Ruth & Naomi", quantity: 1, unitPriceCents: 999, lineTotalCents: 999 },
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    orderId: "ORD-7K3M9Q2XJD4P",
    orderDate: "2026-11-20T10:00:00.000Z",
    status: "Pending",
    currency: "USD",
    ...TEST_DOCUMENT_BUYER,
    shippingMethodName: "Standard Shipping",
    subtotalCents: subtotal,
    shippingCents: 599,
    totalCents: subtotal + 599,
    paymentMethod: "invoice",
    paymentStatus: "awaiting_payment",
    amountPaidCents: 0,
    amountRefundedCents: 0,
    ...order,
    lines,
  };
}

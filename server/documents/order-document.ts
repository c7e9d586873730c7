import type { OrderStatus } from "#server/db/schema.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";

/**
 * What the order documents (invoice, packing slip) show, as plain values: the PDF renderers draw
 * only this, and `load-order-document.ts` fills it from the database. Times are ISO strings (UTC),
 * amounts integer cents in `currency`.
 */

/** The seller, as the top of every document names it. */
export interface DocumentSeller {
  name: string;
  /** The store's postal address, one entry per line; empty when Store Settings has none. */
  postalAddress: string[];
  contactEmail: string;
}

export interface OrderDocumentLine {
  /** As sold: the order keeps its own title and price. */
  title: string;
  quantity: number;
  unitPriceCents: number;
  /** unitPriceCents × quantity. */
  lineTotalCents: number;
}

/** A tax line of the totals ("Illinois sales tax 6.25%"), when the tax work adds them. */
export interface DocumentTaxLine {
  label: string;
  cents: number;
}

export interface OrderDocument {
  orderId: string;
  orderDate: string;
  status: OrderStatus;
  currency: string;
  /** The buyer as typed at checkout (bill-to). */
  customer: {
    name: string | null;
    organisation: string | null;
    email: string;
    phone: string | null;
    poNumber: string | null;
  };
  /** Name, organisation, street, city line and country, as an address label has them; empty when none. */
  shipTo: string[];
  shippingMethodName: string | null;
  /** In the order they were placed in. */
  lines: OrderDocumentLine[];
  subtotalCents: number;
  shippingCents: number;
  /** A discount code's line (decision 39): "Discount (CODE)", taken off the subtotal. */
  discount?: { code: string; cents: number };
  /** Sales tax by state; absent (or empty) prints no tax line. Included in `totalCents`. */
  taxLines?: DocumentTaxLine[];
  /** A tax-exempt buyer's certificate: printed as "Tax exempt: certificate …". */
  taxExemptCertificate?: string;
  totalCents: number;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  amountPaidCents: number;
  amountRefundedCents: number;
}

/** One invoice: invoice number = order id, invoice date = order date. */
export interface InvoiceDocument {
  seller: DocumentSeller;
  order: OrderDocument;
  invoiceDate: string;
  /** From the payment terms (payment-terms.ts); null when the terms name no period. */
  dueDate: string | null;
  /** The store's terms for an invoice order ("Net 30"); null for other orders. */
  paymentTerms: string | null;
  /** What is still to pay: nothing once paid, cancelled or voided. */
  balanceDueCents: number;
  /** When the PDF is made (its metadata), from the caller's clock. */
  createdAt: Date;
}

/** Packing slips for one or more orders: one order per slip, each on its own page(s). */
export interface PackingSlipsDocument {
  seller: DocumentSeller;
  orders: OrderDocument[];
  /** When the PDF is made (its metadata), from the caller's clock. */
  createdAt: Date;
}

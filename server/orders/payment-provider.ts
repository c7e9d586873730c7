import type { Selectable } from "kysely";
import type { OrdersTable } from "#server/db/schema.ts";
import type { PaymentMethod } from "#common/orders/payment-status.ts";
import type { ReportedPayment } from "./payment-process.ts";

/**
 * What staff actions ask of the service that took an order's payment (Stripe for cards; nothing
 * for invoices, paid outside the shop). Adapters implement it under server/payments/ and depend
 * on the payment process; the process and server/orders see only this shape, chosen by the
 * order's payment method (`PaymentProviders`, built once in server/boot.ts).
 */
export interface PaymentProvider {
  /** Its name as staff read it in history notes ("Stripe"). */
  name: string;
  /**
   * Before an unpaid order is cancelled: closes its payment page, so the buyer cannot pay for a
   * cancelled order. Throws AppError when the page cannot be closed now (the order stays as it is).
   */
  closePaymentPage(order: Selectable<OrdersTable>): Promise<ClosedPaymentPage>;
  /**
   * The payment's refunds at the provider, listed before a refund is made; null when the money
   * goes back outside the shop and staff record it (invoice). Throws AppError when they cannot be
   * listed.
   */
  listRefunds(order: Selectable<OrdersTable>): Promise<ProviderRefunds | null>;
  /**
   * Runs staff's cancellation of an order while the provider's own flow takes no payment of it
   * (PayPal: the order's lock, which its capture step holds). Absent: nothing to wait for.
   */
  exclusive?<T>(orderId: string, work: () => Promise<T>): Promise<T>;
}

export type PaymentProviders = Record<PaymentMethod, PaymentProvider>;

/** What closing an unpaid order's payment page found. */
export type ClosedPaymentPage =
  /** No page was open, or it is closed now and nothing was paid: the order may be cancelled. */
  | { kind: "closed" }
  /** The provider does not know the page (its keys were changed since): the note tells staff. */
  | { kind: "unknown"; note: string }
  /** The buyer paid meanwhile: the process records it, then the cancellation refunds it. */
  | { kind: "paid"; payment: ReportedPayment };

/** A refund as the provider lists it. */
export interface ProviderRefund {
  id: string;
  amount: number;
  /** The shop's attempt that made it (see refundOrderAmount), or null: made outside the shop. */
  attempt: string | null;
}

/** A payment's refunds at its provider. */
export interface ProviderRefunds {
  /** Those that took or may take money back, oldest first. */
  live: ProviderRefund[];
  /** How many failed: a refund made again after a failure must be a new one. */
  failedCount: number;
  /**
   * Makes one refund, keyed by its attempt (the same attempt again gets the same refund back),
   * and returns its id. Throws AppError when the provider refuses it, or answers with one of the
   * failed refunds.
   */
  create(refund: { orderId: string; amount: number; attempt: string }): Promise<string>;
}

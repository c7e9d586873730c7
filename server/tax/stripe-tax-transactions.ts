import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { createStripeClient } from "#server/payments/stripe/stripe-client.ts";
import { loadStripeSecretKey } from "#server/payments/stripe/stripe-keys.ts";

export interface StripeTaxTransactionDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  logger: Logger;
}

/** Orders looked at per run and per kind: a backlog is worked off a minute at a time. */
const BATCH = 50;

export interface StripeTaxTransactionRun {
  /** Order ids whose tax transaction was recorded now. */
  recorded: string[];
  /** Order ids whose transaction was reversed now. */
  reversed: string[];
  /** Order ids Stripe could not be asked about: tried again on the next run. */
  failed: string[];
}

/** The reversal's reference: Stripe wants every transaction's reference unique, reversals included. */
export function reversalReference(orderId: string): string {
  return `${orderId}-reversal`;
}

/**
 * Stripe Tax's record of what was sold (decision 40), so that its threshold monitoring and
 * filings see every order, invoices included. A background job, never the payment process: a
 * Stripe outage leaves the orders for the next run, and paying, placing, cancelling and refunding
 * never wait for it.
 *
 * - An order whose tax came from a Stripe calculation, once confirmed (a card or PayPal order
 *   paid; an invoice order placed and not cancelled): `create_from_calculation` with
 *   `reference` = the order id.
 * - Such an order cancelled, voided or refunded in full: `create_reversal`, `mode=full`.
 *   An order cancelled or refunded before its transaction was recorded gets none (nothing sold).
 *
 * Idempotent: each call carries an idempotency key named after the order (a retry, a second
 * instance, a run cut short after Stripe answered all get Stripe's first answer), and each id is
 * written only where none is yet. Partial refunds (a tax-only refund included) are not reported
 * to Stripe: a documented gap.
 */
export async function recordStripeTaxTransactions(deps: StripeTaxTransactionDeps): Promise<StripeTaxTransactionRun> {
  const run: StripeTaxTransactionRun = { recorded: [], reversed: [], failed: [] };
  const { db } = deps;
  const toRecord = await db
    .selectFrom("orders")
    .select(["id", "stripe_tax_calculation_id"])
    .where("stripe_tax_calculation_id", "is not", null)
    .where("stripe_tax_transaction_id", "is", null)
    .where("status", "!=", "Cancelled")
    .where((eb) =>
      eb.or([
        eb("payment_status", "in", ["paid", "partially_refunded"]),
        eb.and([eb("payment_method", "=", "invoice"), eb("payment_status", "=", "awaiting_payment")]),
      ]),
    )
    .orderBy("order_date")
    .limit(BATCH)
    .execute();
  const toReverse = await db
    .selectFrom("orders")
    .select(["id", "stripe_tax_transaction_id"])
    .where("stripe_tax_transaction_id", "is not", null)
    .where("stripe_tax_reversal_id", "is", null)
    .where((eb) => eb.or([eb("status", "=", "Cancelled"), eb("payment_status", "in", ["refunded", "voided"])]))
    .orderBy("order_date")
    .limit(BATCH)
    .execute();
  if (toRecord.length === 0 && toReverse.length === 0) return run;

  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) {
    deps.logger.warn({ orders: toRecord.length + toReverse.length }, "stripe tax transactions waiting: no secret key");
    run.failed.push(...toRecord.map((o) => o.id), ...toReverse.map((o) => o.id));
    return run;
  }
  const stripe = await createStripeClient(secretKey, deps.env);

  for (const order of toRecord) {
    const transaction = await ask(deps, order.id, () =>
      stripe.tax.transactions.createFromCalculation(
        { calculation: order.stripe_tax_calculation_id!, reference: order.id },
        { idempotencyKey: `tax-transaction:${order.id}` },
      ),
    );
    if (!transaction) {
      run.failed.push(order.id);
      continue;
    }
    await db
      .updateTable("orders")
      .set({ stripe_tax_transaction_id: transaction.id })
      .where("id", "=", order.id)
      .where("stripe_tax_transaction_id", "is", null)
      .execute();
    run.recorded.push(order.id);
  }
  for (const order of toReverse) {
    const reversal = await ask(deps, order.id, () =>
      stripe.tax.transactions.createReversal(
        {
          mode: "full",
          original_transaction: order.stripe_tax_transaction_id!,
          reference: reversalReference(order.id),
        },
        { idempotencyKey: `tax-reversal:${order.id}` },
      ),
    );
    if (!reversal) {
      run.failed.push(order.id);
      continue;
    }
    await db
      .updateTable("orders")
      .set({ stripe_tax_reversal_id: reversal.id })
      .where("id", "=", order.id)
      .where("stripe_tax_reversal_id", "is", null)
      .execute();
    run.reversed.push(order.id);
  }
  return run;
}

async function ask(
  deps: StripeTaxTransactionDeps,
  orderId: string,
  call: () => Promise<Stripe.Tax.Transaction>,
): Promise<Stripe.Tax.Transaction | null> {
  try {
    return await call();
  } catch (error) {
    // The message only: Stripe's error objects carry its answer's headers.
    deps.logger.warn({ orderId, cause: String(error) }, "stripe tax transaction not recorded; retried later");
    return null;
  }
}

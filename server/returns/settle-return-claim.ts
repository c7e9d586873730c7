import { randomUUID } from "node:crypto";
import { ORDER_PLACED_STEP } from "#server/checkout/place-order.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueReturnClaimMail } from "#server/mail/mail-outbox.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import { newOrderId } from "#server/orders/order-id.ts";
import { replacementPayment } from "#server/orders/payment-process.ts";
import { refundOrderAmount, type OrderActionDeps } from "#server/orders/refund-order.ts";
import { takeStock, type StockLine } from "#server/orders/stock.ts";
import { formatMoney } from "#common/money/money.ts";
import type { ClaimSettlement } from "#common/returns/return-claim-terms.ts";

/** The history steps of a settlement, on the claimed order (and the replacement's first step). */
export const CLAIM_SETTLED_STEPS = {
  refund: "Claim settled: refund",
  replacement: "Claim settled: replacement sent",
} as const;

export interface ClaimSettled {
  claimId: string;
  orderId: string;
  settlement: ClaimSettlement;
  refundedCents: number;
  currency: string;
  replacementOrderId: string | null;
}

const notApproved = () =>
  new AppError("CONFLICT", "Only an approved claim can be settled. Please reload the list.", {
    reason: "claim-not-approved",
  });

/**
 * Staff settle an approved claim, once:
 * - by a refund of the claimed lines' amount, through the order's payment provider (card,
 *   PayPal) or, for an invoice order, recorded as the credit staff give; the refund goes through
 *   `refundOrderAmount` and the payment process like any staff refund, keyed by the claim (a
 *   double-click or a retry after a failure refunds once). A payment that is not refundable (an
 *   unpaid invoice, a replacement order) is refused with its reason and nothing changes;
 * - by a replacement order at no charge: a new order of the claimed copies at 0, its stock
 *   taken like any order's (refused when there is not enough), to the same customer and address,
 *   naming the order it replaces.
 * Either way the claim becomes settled, the order's history says so, and the customer is e-mailed.
 */
export async function settleReturnClaim(
  deps: OrderActionDeps,
  input: { claimId: string; settlement: ClaimSettlement },
): Promise<ClaimSettled> {
  const claim = await deps.db
    .selectFrom("return_claims as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .select(["c.id", "c.order_id", "c.kind", "c.status", "c.amount_cents", "o.currency"])
    .where("c.id", "=", input.claimId)
    .executeTakeFirst();
  if (!claim) throw new AppError("NOT_FOUND", "This claim no longer exists.");
  if (claim.status !== "approved") throw notApproved();
  return input.settlement === "refund" ? settleByRefund(deps, claim) : settleByReplacement(deps, claim);
}

type ClaimRow = { id: string; order_id: string; kind: "return" | "damage"; amount_cents: number; currency: string };

async function settleByRefund(deps: OrderActionDeps, claim: ClaimRow): Promise<ClaimSettled> {
  const order = await deps.db
    .selectFrom("orders")
    .select(["payment_method", "payment_status"])
    .where("id", "=", claim.order_id)
    .executeTakeFirstOrThrow();
  if (order.payment_method === "invoice" && order.payment_status === "awaiting_payment") {
    throw new AppError(
      "CONFLICT",
      "This invoice is not paid yet, so there is nothing to credit. Record its payment first (Mark Paid), or settle by a replacement.",
      { reason: "not-refundable" },
    );
  }
  if (order.payment_method === null) {
    throw new AppError(
      "CONFLICT",
      "Nothing was paid for this order through the shop, so it cannot be refunded. Settle by a replacement instead.",
      { reason: "not-refundable" },
    );
  }
  // The claim is marked as being refunded first, by a conditional write: a replacement asked for
  // meanwhile is refused, so the customer never gets both. A refund tried again keeps the mark.
  const marked = await deps.db
    .updateTable("return_claims")
    .set({ settlement: "refund" })
    .where("id", "=", claim.id)
    .where("status", "=", "approved")
    .where((eb) => eb.or([eb("settlement", "is", null), eb("settlement", "=", "refund")]))
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw notApproved();
  // The provider next, outside any transaction (see refundOrderAmount); the claim's id is the
  // request's, so settling again after a failure below finds the refund made and makes no other.
  try {
    await refundOrderAmount(deps, {
      orderId: claim.order_id,
      amountCents: claim.amount_cents,
      purpose: "claim",
      queueMail: false,
      requestId: `claim-${claim.id}`,
    });
  } catch (error) {
    // Refused (more than is left, the provider failed): staff may still choose a replacement.
    // Not after an outage, when the refund's fate is unknown: the mark stays, and a retry settles it.
    if (error instanceof AppError && error.code !== "UNAVAILABLE") {
      await deps.db
        .updateTable("return_claims")
        .set({ settlement: null })
        .where("id", "=", claim.id)
        .where("status", "=", "approved")
        .where("settlement", "=", "refund")
        .execute();
    }
    throw error;
  }
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("return_claims")
      .set({
        status: "settled",
        settlement: "refund",
        refunded_cents: claim.amount_cents,
        settled_at: now.toISOString(),
      })
      .where("id", "=", claim.id)
      .where("status", "=", "approved")
      .where("settlement", "=", "refund")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw notApproved();
    await appendOrderHistory(trx, {
      orderId: claim.order_id,
      status: CLAIM_SETTLED_STEPS.refund,
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: `${formatMoney(claim.amount_cents, claim.currency)} for the claimed items`,
    });
    await queueReturnClaimMail(trx, { claimId: claim.id, orderId: claim.order_id, kind: "claim-settled", now });
  });
  return {
    claimId: claim.id,
    orderId: claim.order_id,
    settlement: "refund",
    refundedCents: claim.amount_cents,
    currency: claim.currency,
    replacementOrderId: null,
  };
}

async function settleByReplacement(deps: OrderActionDeps, claim: ClaimRow): Promise<ClaimSettled> {
  const now = deps.clock();
  const replacementId = newOrderId();
  await deps.db.transaction().execute(async (trx) => {
    // The claim's conditional move first: of two settlements at once, one goes on; a claim
    // being refunded is not replaced.
    const moved = await trx
      .updateTable("return_claims")
      .set({
        status: "settled",
        settlement: "replacement",
        replacement_order_id: null,
        settled_at: now.toISOString(),
      })
      .where("id", "=", claim.id)
      .where("status", "=", "approved")
      .where("settlement", "is", null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw notApproved();
    const original = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", claim.order_id)
      .executeTakeFirstOrThrow();
    const lines = await trx
      .selectFrom("return_claim_lines as l")
      .innerJoin("order_items as i", "i.id", "l.order_item_id")
      .select(["i.title", "i.book_id", "i.bundle_id", "l.quantity"])
      .where("l.claim_id", "=", claim.id)
      .orderBy("i.position")
      .execute();
    const stockLines: StockLine[] = lines.flatMap((line): StockLine[] =>
      line.book_id
        ? [{ kind: "book", id: line.book_id, quantity: line.quantity }]
        : line.bundle_id
          ? [{ kind: "bundle", id: line.bundle_id, quantity: line.quantity }]
          : [],
    );
    await trx
      .insertInto("orders")
      .values({
        id: replacementId,
        checkout_token: null,
        order_date: now.toISOString(),
        updated_at: now.toISOString(),
        customer_email: original.customer_email,
        customer_name: original.customer_name,
        phone: original.phone,
        organisation: original.organisation,
        po_number: null,
        ship_street: original.ship_street,
        ship_city: original.ship_city,
        ship_region: original.ship_region,
        ship_postal_code: original.ship_postal_code,
        ship_country: original.ship_country,
        shipping_method_id: original.shipping_method_id,
        shipping_method_name: original.shipping_method_name,
        shipping_cents: 0,
        subtotal_cents: 0,
        total_cents: 0,
        currency: original.currency,
        status: "Pending",
        estimated_delivery: null,
        user_id: original.user_id,
        ...replacementPayment(now),
        stock_taken: true,
        client_key: null,
        replacement_for_order_id: original.id,
      })
      .execute();
    // After the order's row: a set's books taken are recorded for it (decision 38), so a cancel of
    // the replacement gives them back. A short line throws, and the transaction writes nothing.
    const short = await takeStock(trx, stockLines, { orderId: replacementId });
    if (short.length > 0) {
      const title = lines.find((line) => (line.book_id ?? line.bundle_id) === short[0]!.id)?.title ?? "an item";
      throw new AppError(
        "CONFLICT",
        `There are not enough copies of "${title}" in stock for a replacement. Restock it first, or settle by a refund.`,
        { reason: "sold-out" },
      );
    }
    await trx
      .insertInto("order_items")
      .values(
        lines.map((line, position) => ({
          id: randomUUID(),
          order_id: replacementId,
          book_id: line.book_id,
          bundle_id: line.bundle_id,
          title: line.title,
          unit_price_cents: 0,
          quantity: line.quantity,
          position,
        })),
      )
      .execute();
    await trx
      .updateTable("return_claims")
      .set({ replacement_order_id: replacementId })
      .where("id", "=", claim.id)
      .execute();
    await appendOrderHistory(trx, {
      orderId: replacementId,
      ...ORDER_PLACED_STEP,
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: `Replacement at no charge for order ${original.id}`,
    });
    await appendOrderHistory(trx, {
      orderId: original.id,
      status: CLAIM_SETTLED_STEPS.replacement,
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: `Replacement order ${replacementId}`,
    });
    await queueReturnClaimMail(trx, { claimId: claim.id, orderId: original.id, kind: "claim-settled", now });
  });
  return {
    claimId: claim.id,
    orderId: claim.order_id,
    settlement: "replacement",
    refundedCents: 0,
    currency: claim.currency,
    replacementOrderId: replacementId,
  };
}

import type { AppServices } from "#server/services.ts";
import type { ClaimKind, ClaimSettlement, ClaimStatus } from "#common/returns/return-claim-terms.ts";
import {
  claimableLines,
  claimableOrderId,
  claimRefusal,
  claimWindow,
  type ClaimAccess,
  type ClaimableLine,
} from "./claim-order.ts";

/** One claim as its customer sees it. */
export interface MyClaim {
  id: string;
  kind: ClaimKind;
  status: ClaimStatus;
  reason: string;
  createdAt: string;
  hasPhoto: boolean;
  amountCents: number;
  lines: { title: string; quantity: number }[];
  instructions: string | null;
  refusalReason: string | null;
  settlement: ClaimSettlement | null;
  replacementOrderId: string | null;
}

export interface ClaimPage {
  orderId: string;
  orderDate: string;
  currency: string;
  lines: Pick<ClaimableLine, "itemId" | "title" | "quantity" | "claimed" | "claimable">[];
  /** Why the order takes no new claim, or null. */
  refusal: string | null;
  /** The window's last moment (ISO), or null before the order shipped. */
  closesAt: string | null;
  /** True when receipt is assumed from the shipping date. */
  assumedReceipt: boolean;
  claims: MyClaim[];
}

/**
 * The returns page of one order, for whoever may claim on it (claimableOrderId); null for anyone
 * else and for an unknown id, which the page answers with the form that asks for the proof.
 * Nothing staff-only: no notes, no other customer's data.
 */
export async function getClaimPage(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  input: { orderId: string; access: ClaimAccess },
): Promise<ClaimPage | null> {
  const orderId = await claimableOrderId({ db }, input);
  if (!orderId) return null;
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "updated_at", "order_date", "currency", "replacement_for_order_id"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const window = await claimWindow(db, order);
  const [lines, claims, claimLines] = await Promise.all([
    claimableLines(db, orderId),
    db.selectFrom("return_claims").selectAll().where("order_id", "=", orderId).orderBy("created_at", "desc").execute(),
    db
      .selectFrom("return_claim_lines as l")
      .innerJoin("return_claims as c", "c.id", "l.claim_id")
      .innerJoin("order_items as i", "i.id", "l.order_item_id")
      .select(["l.claim_id", "i.title", "l.quantity"])
      .where("c.order_id", "=", orderId)
      .orderBy("i.position")
      .execute(),
  ]);
  return {
    orderId,
    orderDate: order.order_date,
    currency: order.currency,
    lines: lines.map(({ itemId, title, quantity, claimed, claimable }) => ({
      itemId,
      title,
      quantity,
      claimed,
      claimable,
    })),
    refusal: claimRefusal(order, window, clock()),
    closesAt: window?.closesAt.toISOString() ?? null,
    assumedReceipt: window?.assumed ?? false,
    claims: claims.map((claim) => ({
      id: claim.id,
      kind: claim.kind,
      status: claim.status,
      reason: claim.reason,
      createdAt: claim.created_at,
      hasPhoto: claim.photo_key !== null,
      amountCents: claim.amount_cents,
      lines: claimLines
        .filter((line) => line.claim_id === claim.id)
        .map(({ title, quantity }) => ({ title, quantity })),
      instructions: claim.status === "approved" || claim.status === "settled" ? claim.instructions : null,
      refusalReason: claim.status === "refused" ? claim.refusal_reason : null,
      settlement: claim.status === "settled" ? claim.settlement : null,
      replacementOrderId: claim.replacement_order_id,
    })),
  };
}

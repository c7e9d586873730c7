import { countRows, fetchPage, type Page } from "#server/db/paging.ts";
import type { AppServices } from "#server/services.ts";
import {
  CLAIM_STATUSES,
  type ClaimKind,
  type ClaimSettlement,
  type ClaimStatus,
} from "#common/returns/return-claim-terms.ts";

/** One claim in the back office's queue, with what staff need to decide it. */
export interface ReturnClaimListItem {
  id: string;
  orderId: string;
  customerName: string | null;
  customerEmail: string;
  paymentMethod: string | null;
  currency: string;
  kind: ClaimKind;
  status: ClaimStatus;
  reason: string;
  createdAt: string;
  hasPhoto: boolean;
  amountCents: number;
  lines: { title: string; quantity: number; amountCents: number }[];
  instructions: string | null;
  refusalReason: string | null;
  settlement: ClaimSettlement | null;
  refundedCents: number | null;
  replacementOrderId: string | null;
  decidedAt: string | null;
}

function isStatus(value: unknown): value is ClaimStatus {
  return typeof value === "string" && Object.hasOwn(CLAIM_STATUSES, value);
}

/**
 * The back office's claims of one status (pending by default; an unknown filter reads as
 * pending), oldest first for pending and approved (the queue's order), newest first otherwise,
 * 50 a page, with each status's count for the filter's tabs.
 */
export async function listReturnClaims(
  { db }: Pick<AppServices, "db">,
  input: { status?: string | null; page?: string | null },
): Promise<{ status: ClaimStatus; counts: Record<ClaimStatus, number>; claims: Page<ReturnClaimListItem> }> {
  const status: ClaimStatus = isStatus(input.status) ? input.status : "pending";
  const base = () => db.selectFrom("return_claims as c");
  const counts = Object.fromEntries(
    await Promise.all(
      (Object.keys(CLAIM_STATUSES) as ClaimStatus[]).map(
        async (which) => [which, await countRows(base().where("c.status", "=", which))] as const,
      ),
    ),
  ) as Record<ClaimStatus, number>;
  const oldestFirst = status === "pending" || status === "approved";
  const claims = await fetchPage(
    { page: input.page },
    async () => counts[status],
    async ({ limit, offset }) => {
      const rows = await base()
        .innerJoin("orders as o", "o.id", "c.order_id")
        .select([
          "c.id",
          "c.order_id",
          "c.kind",
          "c.status",
          "c.reason",
          "c.created_at",
          "c.photo_key",
          "c.amount_cents",
          "c.instructions",
          "c.refusal_reason",
          "c.settlement",
          "c.refunded_cents",
          "c.replacement_order_id",
          "c.decided_at",
          "o.customer_name",
          "o.customer_email",
          "o.payment_method",
          "o.currency",
        ])
        .where("c.status", "=", status)
        .orderBy("c.created_at", oldestFirst ? "asc" : "desc")
        .orderBy("c.id")
        .limit(limit)
        .offset(offset)
        .execute();
      const lines =
        rows.length === 0
          ? []
          : await db
              .selectFrom("return_claim_lines as l")
              .innerJoin("order_items as i", "i.id", "l.order_item_id")
              .select(["l.claim_id", "i.title", "l.quantity", "l.amount_cents"])
              .where(
                "l.claim_id",
                "in",
                rows.map((row) => row.id),
              )
              .orderBy("i.position")
              .execute();
      return rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        paymentMethod: row.payment_method,
        currency: row.currency,
        kind: row.kind,
        status: row.status,
        reason: row.reason,
        createdAt: row.created_at,
        hasPhoto: row.photo_key !== null,
        amountCents: row.amount_cents,
        lines: lines
          .filter((line) => line.claim_id === row.id)
          .map((line) => ({ title: line.title, quantity: line.quantity, amountCents: line.amount_cents })),
        instructions: row.instructions,
        refusalReason: row.refusal_reason,
        settlement: row.settlement,
        refundedCents: row.refunded_cents,
        replacementOrderId: row.replacement_order_id,
        decidedAt: row.decided_at,
      }));
    },
  );
  return { status, counts, claims };
}

import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, MailOutboxTable } from "#server/db/schema.ts";

/**
 * The queued e-mails. An order mail's row names the mail and its order; the text is rendered from
 * the order when it is sent (server/orders/order-mails.ts), so queuing needs nothing but ids and
 * can run inside the transaction that changed the order: the mail exists if and only if the
 * change does. A mail of no order (the free story) names its recipient instead.
 */
export const ORDER_MAIL_KINDS = [
  "order-confirmation",
  "new-order-notice",
  "invoice",
  "payment-received",
  "shipped",
  "cancelled",
  "refunded",
  "refund-failed-notice",
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * Queues a mail for an order, once per `dedupeKey` (default: order and kind): a retried
 * request or a replayed webhook queues nothing new. Returns whether a row was added.
 */
export async function queueOrderMail(
  db: Kysely<Database>,
  options: { orderId: string; kind: OrderMailKind; now: Date; dedupeKey?: string },
): Promise<boolean> {
  return queueOnce(db, options.now, {
    dedupe_key: options.dedupeKey ?? `${options.orderId}:${options.kind}`,
    kind: options.kind,
    order_id: options.orderId,
  });
}

/**
 * The tax exemption e-mails to a certificate's customer: approved, rejected (with staff's reason),
 * and "expires soon" (once per certificate). Rendered from the certificate when sent
 * (server/tax-exemptions/tax-exemption-mails.ts), as order mails are from their order.
 */
export const TAX_EXEMPTION_MAIL_KINDS = [
  "tax-certificate-approved",
  "tax-certificate-rejected",
  "tax-certificate-expiring",
] as const;
export type TaxExemptionMailKind = (typeof TAX_EXEMPTION_MAIL_KINDS)[number];

export function isTaxExemptionMailKind(kind: string): kind is TaxExemptionMailKind {
  return (TAX_EXEMPTION_MAIL_KINDS as readonly string[]).includes(kind);
}

/**
 * Queues a certificate's mail in the caller's transaction, once per certificate and kind (a
 * certificate is reviewed once, and reminded once). Returns whether a row was added.
 */
export async function queueTaxExemptionMail(
  db: Kysely<Database>,
  options: { certificateId: string; kind: TaxExemptionMailKind; now: Date },
): Promise<boolean> {
  return queueOnce(db, options.now, {
    dedupe_key: `tax-certificate:${options.certificateId}:${options.kind}`,
    kind: options.kind,
    order_id: null,
    tax_certificate_id: options.certificateId,
  });
}

/** The free story's mail (server/free-story/free-story-mail.ts), to the address in `recipient`. */
export const FREE_STORY_MAIL_KIND = "free-story";

/**
 * Queues the free story for one address; each request is a mail of its own (the per-address cap
 * is the caller's). The address is kept only until the mail is sent or given up.
 */
export async function queueFreeStoryMail(
  db: Kysely<Database>,
  options: { recipient: string; now: Date },
): Promise<void> {
  const id = randomUUID();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      dedupe_key: `${FREE_STORY_MAIL_KIND}:${id}`,
      kind: FREE_STORY_MAIL_KIND,
      order_id: null,
      recipient: options.recipient,
      created_at: options.now.toISOString(),
      next_attempt_at: options.now.toISOString(),
    })
    .execute();
}

/**
 * The return and damage claim mails to the order's customer: received, approved (with staff's
 * return instructions), refused (with staff's reason), settled (refund or replacement). Rendered
 * from the claim when sent (server/returns/return-claim-mails.ts).
 */
export const RETURN_CLAIM_MAIL_KINDS = ["claim-received", "claim-approved", "claim-refused", "claim-settled"] as const;
export type ReturnClaimMailKind = (typeof RETURN_CLAIM_MAIL_KINDS)[number];

export function isReturnClaimMailKind(kind: string): kind is ReturnClaimMailKind {
  return (RETURN_CLAIM_MAIL_KINDS as readonly string[]).includes(kind);
}

/** Queues a claim's mail in the caller's transaction, once per claim and kind (each step happens once). */
export async function queueReturnClaimMail(
  db: Kysely<Database>,
  options: { claimId: string; orderId: string; kind: ReturnClaimMailKind; now: Date },
): Promise<boolean> {
  return queueOnce(db, options.now, {
    dedupe_key: `return-claim:${options.claimId}:${options.kind}`,
    kind: options.kind,
    order_id: options.orderId,
    return_claim_id: options.claimId,
  });
}

/**
 * Adds `mail` to the outbox, due at once, unless a row with its dedupe key is there already.
 * Returns whether a row was added.
 */
async function queueOnce(
  db: Kysely<Database>,
  now: Date,
  mail: Omit<Insertable<MailOutboxTable>, "id" | "created_at" | "next_attempt_at">,
): Promise<boolean> {
  const result = await db
    .insertInto("mail_outbox")
    .values({ id: randomUUID(), ...mail, created_at: now.toISOString(), next_attempt_at: now.toISOString() })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

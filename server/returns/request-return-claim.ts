import { createHash, randomUUID } from "node:crypto";
import { encodeCoverImage, type CoverUpload } from "#server/books/cover-image.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueReturnClaimMail } from "#server/mail/mail-outbox.ts";
import { lockOrderRow } from "#server/orders/lock-order-row.ts";
import { appendOrderHistory } from "#server/orders/order-history.ts";
import type { AppServices } from "#server/services.ts";
import { COVER_LIMITS, type CoverLimits } from "#common/books/cover-limits.ts";
import type { ReturnClaimInput } from "#common/returns/return-claim-schema.ts";
import {
  CLAIM_PHOTO_FIELD,
  CLAIM_PHOTO_MAX_BYTES,
  CLAIM_PHOTO_TYPE_MESSAGE,
  RETURN_CLAIM_MESSAGES,
} from "#common/returns/return-claim-terms.ts";
import { taxOnAmount } from "#common/tax/sales-tax.ts";
import type { Database } from "#server/db/schema.ts";
import type { Kysely } from "kysely";
import { claimableLines, claimableOrderId, claimRefusal, claimWindow, type ClaimAccess } from "./claim-order.ts";

/**
 * A claim's photo, as covers are taken (decision 10): decoded from its bytes whatever its name or
 * declared type, upright, every piece of metadata dropped (a phone's photo carries its GPS
 * position), re-encoded as WebP; larger than a cover (damage shows in the detail).
 */
export const CLAIM_PHOTO_LIMITS: CoverLimits = {
  ...COVER_LIMITS,
  maxUploadBytes: CLAIM_PHOTO_MAX_BYTES,
  maxDimension: 1600,
  maxOutputBytes: 2 * 1024 * 1024,
};

/** The history step a claim adds, as the customer reads it on Track Order. */
export const CLAIM_REQUESTED_STEPS = { return: "Return requested", damage: "Damage reported" } as const;

/**
 * A customer asks to return, or reports damage to, chosen copies of an order's lines. Refused,
 * storing nothing: someone who cannot prove the order (NOT_FOUND, as for an unknown order), an
 * order not shipped, cancelled, or past its return window, a line not on the order, more copies
 * than were bought less those already claimed (claims not refused), a photo that is not an image
 * or too large. The claim, its lines, its photo (in the private file store), a history step and
 * the customer's mail are written in one transaction, under the order's row lock, which the
 * copies left are read under again.
 */
export async function requestReturnClaim(
  deps: Pick<AppServices, "db" | "clock" | "privateFiles">,
  input: { claim: Omit<ReturnClaimInput, "photo">; photo: CoverUpload | null; access: ClaimAccess },
): Promise<{ claimId: string; orderId: string }> {
  const { db, clock, privateFiles } = deps;
  const { claim, access } = input;
  const orderId = await claimableOrderId({ db }, { orderId: claim.orderId, access });
  if (!orderId) throw new AppError("NOT_FOUND", RETURN_CLAIM_MESSAGES.notFound);
  const now = clock();
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "updated_at", "user_id", "replacement_for_order_id"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const refusal = claimRefusal(order, await claimWindow(db, order), now);
  if (refusal) throw new AppError("CONFLICT", refusal, { reason: "claim-not-accepted" });

  const chosen = claim.lines.filter((line) => line.quantity > 0);
  if (chosen.length === 0) {
    throw new AppError("VALIDATION", RETURN_CLAIM_MESSAGES.noLines, {
      fieldErrors: { lines: RETURN_CLAIM_MESSAGES.noLines },
    });
  }
  const seen = new Set<string>();
  for (const line of chosen) {
    if (seen.has(line.itemId)) throw new AppError("VALIDATION", RETURN_CLAIM_MESSAGES.unknownLine);
    seen.add(line.itemId);
  }

  // The photo first: decoding is the slow part, and it needs no lock.
  let photo: { key: string; bytes: Uint8Array } | null = null;
  if (input.photo) {
    let bytes: Buffer;
    try {
      bytes = await encodeCoverImage(input.photo, CLAIM_PHOTO_LIMITS);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = error.message.startsWith("The image is too large") ? error.message : CLAIM_PHOTO_TYPE_MESSAGE;
      throw new AppError("VALIDATION", message, { fieldErrors: { [CLAIM_PHOTO_FIELD]: message } });
    }
    photo = { key: `claim-photos/${createHash("sha256").update(bytes).digest("hex")}.webp`, bytes };
  }

  const claimId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockOrderRow(trx, orderId);
    const lines = await claimableLines(trx, orderId);
    const rows = chosen.map((line, index) => {
      const onOrder = lines.find((candidate) => candidate.itemId === line.itemId);
      if (!onOrder) {
        throw new AppError("VALIDATION", RETURN_CLAIM_MESSAGES.unknownLine, {
          fieldErrors: { [`lines.${index}.quantity`]: RETURN_CLAIM_MESSAGES.unknownLine },
        });
      }
      if (line.quantity > onOrder.claimable) {
        const message =
          onOrder.claimable === 0
            ? `Every copy of "${onOrder.title}" is already in a request.`
            : `You can claim at most ${onOrder.claimable} ${onOrder.claimable === 1 ? "copy" : "copies"} of "${onOrder.title}"${onOrder.claimed > 0 ? ` (${onOrder.claimed} already in a request)` : ""}.`;
        throw new AppError("VALIDATION", message, {
          fieldErrors: { [`lines.${lines.indexOf(onOrder)}.quantity`]: message },
        });
      }
      return {
        id: randomUUID(),
        claim_id: claimId,
        order_item_id: onOrder.itemId,
        quantity: line.quantity,
        amount_cents: onOrder.unitPriceCents * line.quantity,
      };
    });
    await trx
      .insertInto("return_claims")
      .values({
        id: claimId,
        order_id: orderId,
        kind: claim.kind,
        reason: claim.reason,
        status: "pending",
        // The account, when it is the order's own; a guest's (or staff's) claim names no account.
        user_id: access.viewer && access.viewer.userId === order.user_id ? access.viewer.userId : null,
        photo_key: photo?.key ?? null,
        photo_content_type: photo ? "image/webp" : null,
        amount_cents: await claimAmount(
          trx,
          orderId,
          rows.reduce((sum, row) => sum + row.amount_cents, 0),
        ),
        created_at: now.toISOString(),
      })
      .execute();
    await trx.insertInto("return_claim_lines").values(rows).execute();
    if (photo)
      await privateFiles.put(trx, { key: photo.key, contentType: "image/webp", bytes: photo.bytes, storedAt: now });
    await appendOrderHistory(trx, {
      orderId,
      status: CLAIM_REQUESTED_STEPS[claim.kind],
      at: now,
      note: rows
        .map((row) => `${row.quantity} × ${lines.find((line) => line.itemId === row.order_item_id)?.title}`)
        .join(", "),
    });
    await queueReturnClaimMail(trx, { claimId, orderId, kind: "claim-received", now });
  });
  return { claimId, orderId };
}

/**
 * What settling a claim by refund gives back: the claimed copies at the prices paid, less their
 * share of a discount code (in proportion to the order's subtotal, rounded half up: decision 39),
 * plus the sales tax charged on them (the order's rates, rounded as the order was: decision 29),
 * never more tax than the order was charged.
 */
async function claimAmount(trx: Kysely<Database>, orderId: string, listedCents: number): Promise<number> {
  const [order, taxLines] = await Promise.all([
    trx
      .selectFrom("orders")
      .select(["tax_cents", "discount_cents", "subtotal_cents"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow(),
    trx.selectFrom("order_tax_lines").select("rate_thousandths").where("order_id", "=", orderId).execute(),
  ]);
  const discountShare =
    order.discount_cents > 0 && order.subtotal_cents > 0
      ? Math.min(
          order.discount_cents,
          Math.floor((2 * listedCents * order.discount_cents + order.subtotal_cents) / (2 * order.subtotal_cents)),
        )
      : 0;
  const goodsCents = listedCents - discountShare;
  const tax = taxLines.reduce((sum, line) => sum + taxOnAmount(goodsCents, line.rate_thousandths), 0);
  return goodsCents + Math.min(tax, order.tax_cents);
}

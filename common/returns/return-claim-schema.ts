import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { orderIdInputSchema, ORDER_ID_MAX_LENGTH } from "#common/orders/tracking-schema.ts";
import {
  CLAIM_KINDS,
  CLAIM_PHOTO_MAX_BYTES,
  CLAIM_PHOTO_TOO_LARGE_MESSAGE,
  CLAIM_SETTLEMENTS,
  RETURN_CLAIM_LIMITS,
  RETURN_CLAIM_MESSAGES,
  type ClaimKind,
  type ClaimSettlement,
} from "./return-claim-terms.ts";

/**
 * The forms of returns and damage claims, shared by the pages and the actions. What needs the
 * order (the window, which lines it has, how many copies are left to claim, who may claim) and
 * what the photo's bytes are, is the use cases'.
 */

function requiredText(max: number, missing: string, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

/** A guest proves an order as Track Order asks for it, and with the order's e-mail. */
export const findClaimOrderSchema = z.object({
  orderId: orderIdInputSchema.max(ORDER_ID_MAX_LENGTH, RETURN_CLAIM_MESSAGES.notFound),
  email: emailAddressSchema(),
});
export type FindClaimOrderInput = z.output<typeof findClaimOrderSchema>;

/** An optional photo as both sides see it before its bytes are read: a browser's File, or the upload's size. */
const photoField = z
  .custom<{ size: number } | undefined>(
    (value) =>
      value === undefined ||
      value === "" ||
      (typeof value === "object" && value !== null && typeof (value as { size?: unknown }).size === "number"),
  )
  .transform((value) => (typeof value === "object" && value !== null && value.size > 0 ? value : undefined))
  .refine((file) => !file || file.size <= CLAIM_PHOTO_MAX_BYTES, { error: CLAIM_PHOTO_TOO_LARGE_MESSAGE });

const claimLine = z.object({
  itemId: z.string({ error: RETURN_CLAIM_MESSAGES.unknownLine }).trim().min(1).max(64),
  quantity: z
    .string()
    .trim()
    .default("0")
    .transform((text) => (text === "" ? "0" : text))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, "Please enter a whole number of copies.")
        .transform(Number),
    ),
});

/** A claim: the order, the kind, a quantity per line (0: not claimed), the reason, maybe a photo. */
export const returnClaimSchema = z.object({
  orderId: orderIdInputSchema.max(ORDER_ID_MAX_LENGTH),
  kind: z.enum(Object.keys(CLAIM_KINDS) as [ClaimKind, ...ClaimKind[]], {
    error: "Please choose a return or a damage report.",
  }),
  lines: z
    .array(claimLine)
    .max(RETURN_CLAIM_LIMITS.lines)
    .default([])
    .refine((lines) => lines.some((line) => line.quantity > 0), { error: RETURN_CLAIM_MESSAGES.noLines }),
  reason: requiredText(
    RETURN_CLAIM_LIMITS.reason,
    "Please tell us what is wrong.",
    `Please keep the reason to ${RETURN_CLAIM_LIMITS.reason} characters.`,
  ),
  photo: photoField.optional(),
});
export type ReturnClaimInput = z.output<typeof returnClaimSchema>;
export const RETURN_CLAIM_FIELDS = ["orderId", "kind", "lines", "reason", "photo"] as const;

/** The claim a staff action names. */
export const claimIdSchema = z.object({
  claimId: z
    .string({ error: "This claim no longer exists." })
    .trim()
    .regex(/^[0-9a-f-]{36}$/, "This claim no longer exists."),
});

export const approveClaimSchema = claimIdSchema.extend({
  instructions: requiredText(
    RETURN_CLAIM_LIMITS.instructions,
    "Please write the return instructions: the customer is e-mailed them.",
    `The instructions must be at most ${RETURN_CLAIM_LIMITS.instructions} characters.`,
  ),
});

export const refuseClaimSchema = claimIdSchema.extend({
  reason: requiredText(
    RETURN_CLAIM_LIMITS.refusalReason,
    "Please say why the claim is refused: the customer is told.",
    `The reason must be at most ${RETURN_CLAIM_LIMITS.refusalReason} characters.`,
  ),
});

export const settleClaimSchema = claimIdSchema.extend({
  settlement: z.enum(Object.keys(CLAIM_SETTLEMENTS) as [ClaimSettlement, ...ClaimSettlement[]], {
    error: "Please choose a refund or a replacement.",
  }),
});

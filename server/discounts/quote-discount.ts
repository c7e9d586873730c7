import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, DiscountCodesTable } from "#server/db/schema.ts";
import { formatMoney } from "#common/money/money.ts";
import {
  applyDiscount,
  discountCodeKey,
  type DiscountedLineInput,
  type DiscountOutcome,
  type DiscountTerms,
} from "#common/discounts/discount-rule.ts";

/** A code's terms with what the server needs besides the rule: its id and its per-customer limit. */
export interface StoredDiscountCode extends DiscountTerms {
  id: string;
  perCustomerLimit: number | null;
}

/** What a code does to one cart: the rule's outcome, and the code as stored (null: unknown). */
export type DiscountQuote = DiscountOutcome & { code: StoredDiscountCode | null };

/** The customer the per-customer limit counts: the signed-in account, else the order's e-mail lower-cased. */
export function discountCustomerKey(userId: string | null, email: string | null): string | null {
  if (userId) return `user:${userId}`;
  const address = email?.trim().toLowerCase();
  return address ? `email:${address}` : null;
}

/** The code whose key matches `code` (any letter case), or null. */
export async function findDiscountCode(db: Kysely<Database>, code: string): Promise<StoredDiscountCode | null> {
  const key = discountCodeKey(code);
  if (key === "" || key.length > 32) return null;
  const row = await db.selectFrom("discount_codes").selectAll().where("code_key", "=", key).executeTakeFirst();
  return row ? storedDiscountCode(row) : null;
}

/** A code as its row stores it, for the checkout's rule and the back office's list alike. */
export function storedDiscountCode(row: Selectable<DiscountCodesTable>): StoredDiscountCode {
  let bookIds: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.book_ids);
    if (Array.isArray(parsed)) bookIds = parsed.filter((id): id is string => typeof id === "string");
  } catch {
    // A hand-edited row: no titles, so a "titles" code applies to none (never to everything).
  }
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amount_cents,
    appliesTo: row.applies_to,
    bookIds,
    minQuantity: row.min_quantity,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    uses: row.uses,
    active: Boolean(row.active),
  };
}

/** Uses of a code its customer's orders hold now (cancelled and expired orders gave theirs back). */
export async function customerUses(db: Kysely<Database>, codeId: string, customer: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("uses"))
    .where("discount_code_id", "=", codeId)
    .where("discount_customer", "=", customer)
    .where("discount_use_held", "=", true)
    .executeTakeFirst();
  return Number(row?.uses ?? 0);
}

/**
 * What a code typed at checkout does to priced lines (after their price breaks), at `now`: the
 * one rule (common/discounts/discount-rule.ts), then the per-customer limit when the customer is
 * known. Run by the checkout page (Apply) and by placeOrder inside its transaction (`db` a
 * transaction), which then takes the use by a conditional write (server/orders/discount-uses.ts).
 */
export async function quoteDiscount(
  db: Kysely<Database>,
  input: {
    code: string;
    lines: readonly DiscountedLineInput[];
    now: Date;
    currency: string;
    customer: string | null;
  },
): Promise<DiscountQuote> {
  const code = await findDiscountCode(db, input.code);
  if (!code) {
    return {
      ok: false,
      reason: "unknown",
      message: `We don't know the code ${input.code.trim().slice(0, 32)}. Please check it and try again.`,
      code: null,
    };
  }
  const outcome = applyDiscount(code, input.lines, input.now, (cents) => formatMoney(cents, input.currency));
  if (!outcome.ok) return { ...outcome, code };
  if (code.perCustomerLimit !== null && input.customer) {
    if ((await customerUses(db, code.id, input.customer)) >= code.perCustomerLimit) {
      return { ...customerLimitRefusal(code.code), code };
    }
  }
  return { ...outcome, code };
}

export function customerLimitRefusal(code: string): DiscountOutcome & { ok: false } {
  return {
    ok: false,
    reason: "customer-limit",
    message: `You have already used the code ${code} as often as it allows.`,
  };
}

/**
 * The page's proof that the server applied `code` (an HMAC under APP_SECRET): the tax quote
 * reckons a discount only with it, so it never tells anyone whether a guessed code exists.
 */
export function discountProof(appSecret: string, code: string): string {
  return createHmac("sha256", appSecret)
    .update(`discount-code:${discountCodeKey(code)}`)
    .digest("base64url");
}

export function isDiscountProof(appSecret: string, code: string, proof: string): boolean {
  const expected = Buffer.from(discountProof(appSecret, code));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

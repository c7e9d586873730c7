import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Clock } from "#server/services.ts";
import { discountCodeKey } from "#common/discounts/discount-rule.ts";
import { endOfDay, startOfDay, type DiscountCodeInput } from "#common/discounts/discount-code-schema.ts";

/**
 * Creates a discount code, or updates the one of `input.id` (staff only: the route checks). The
 * code is unique without regard to letter case (its lower-cased key); the titles named must be
 * books of the catalogue. The uses already taken stay as they are: lowering the usage limit
 * below them only stops further uses. Returns the code's id and its code.
 */
export async function saveDiscountCode(
  deps: { db: Kysely<Database>; clock: Clock },
  input: DiscountCodeInput,
): Promise<{ id: string; code: string }> {
  if (input.bookIds.length > 0) {
    const found = await deps.db.selectFrom("books").select("id").where("id", "in", input.bookIds).execute();
    if (found.length !== input.bookIds.length) {
      const message = "A chosen title is no longer in the catalogue. Please choose the titles again.";
      throw new AppError("VALIDATION", message, { fieldErrors: { bookIds: message } });
    }
  }
  const now = deps.clock().toISOString();
  const values = {
    code: input.code,
    code_key: discountCodeKey(input.code),
    kind: input.kind,
    percent: input.kind === "percent" ? input.percent : null,
    amount_cents: input.kind === "fixed" ? input.amountCents : null,
    applies_to: input.appliesTo,
    book_ids: JSON.stringify(input.bookIds),
    min_quantity: input.minQuantity,
    min_subtotal_cents: input.minSubtotalCents,
    starts_at: input.startsOn ? startOfDay(input.startsOn) : null,
    ends_at: input.endsOn ? endOfDay(input.endsOn) : null,
    usage_limit: input.usageLimit,
    per_customer_limit: input.perCustomerLimit,
    active: input.active,
    updated_at: now,
  };
  try {
    if (input.id) {
      const updated = await deps.db
        .updateTable("discount_codes")
        .set(values)
        .where("id", "=", input.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError("NOT_FOUND", "This discount code no longer exists.");
      return { id: input.id, code: input.code };
    }
    const id = randomUUID();
    await deps.db
      .insertInto("discount_codes")
      .values({ id, ...values, created_at: now })
      .execute();
    return { id, code: input.code };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `There is already a code ${input.code} (codes are the same whatever their letter case).`;
      throw new AppError("CONFLICT", message, { fieldErrors: { code: message } });
    }
    throw error;
  }
}

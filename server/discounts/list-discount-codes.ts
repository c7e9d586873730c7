import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { dayOfEnd, dayOfStart } from "#common/discounts/discount-code-schema.ts";

/** One code as the back office lists and edits it. */
export interface DiscountCodeListItem {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  percent: number | null;
  amountCents: number | null;
  appliesTo: "order" | "titles";
  bookIds: string[];
  minQuantity: number | null;
  minSubtotalCents: number | null;
  /** Whole days (UTC) as the form shows them; "" when open. */
  startsOn: string;
  endsOn: string;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  uses: number;
  active: boolean;
  /** What the code's orders took off, and how many orders hold a use. */
  discountGivenCents: number;
}

/** Every discount code, newest first, with the titles a code may name (id and title). */
export async function listDiscountCodes(deps: { db: Kysely<Database> }): Promise<{
  codes: DiscountCodeListItem[];
  titles: { id: string; title: string }[];
}> {
  const [rows, given, titles] = await Promise.all([
    deps.db.selectFrom("discount_codes").selectAll().orderBy("created_at", "desc").orderBy("id").execute(),
    deps.db
      .selectFrom("orders")
      .select(["discount_code_id", (eb) => eb.fn.sum<number>("discount_cents").as("given")])
      .where("discount_code_id", "is not", null)
      .where("discount_use_held", "=", true)
      .groupBy("discount_code_id")
      .execute(),
    deps.db.selectFrom("books").select(["id", "title"]).orderBy("title").execute(),
  ]);
  const givenBy = new Map(given.map((row) => [row.discount_code_id, Number(row.given ?? 0)]));
  return {
    codes: rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      percent: row.percent,
      amountCents: row.amount_cents,
      appliesTo: row.applies_to,
      bookIds: readIds(row.book_ids),
      minQuantity: row.min_quantity,
      minSubtotalCents: row.min_subtotal_cents,
      startsOn: dayOfStart(row.starts_at),
      endsOn: dayOfEnd(row.ends_at),
      usageLimit: row.usage_limit,
      perCustomerLimit: row.per_customer_limit,
      uses: row.uses,
      active: Boolean(row.active),
      discountGivenCents: givenBy.get(row.id) ?? 0,
    })),
    titles,
  };
}

function readIds(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

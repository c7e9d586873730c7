import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { dayOfEnd, dayOfStart } from "#common/discounts/discount-code-schema.ts";
import { storedDiscountCode, type StoredDiscountCode } from "./quote-discount.ts";

/** One code as the back office lists and edits it: as stored, its dates as whole days. */
export interface DiscountCodeListItem extends Omit<StoredDiscountCode, "startsAt" | "endsAt"> {
  /** Whole days (UTC) as the form shows them; "" when open. */
  startsOn: string;
  endsOn: string;
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
    codes: rows.map((row) => {
      const { startsAt, endsAt, ...code } = storedDiscountCode(row);
      return {
        ...code,
        startsOn: dayOfStart(startsAt),
        endsOn: dayOfEnd(endsAt),
        discountGivenCents: givenBy.get(row.id) ?? 0,
      };
    }),
    titles,
  };
}

import { sql, type Kysely } from "kysely";

/** Track Order looks ids up ignoring letter case (lower(id) = …): give that lookup an index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("orders_id_lower_idx")
    .on("orders")
    .expression(sql`lower(id)`)
    .execute();
}

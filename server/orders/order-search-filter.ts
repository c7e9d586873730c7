import type { ExpressionBuilder } from "kysely";
import type { Database, SqlBool } from "#server/db/schema.ts";
import type { Expression } from "kysely";
import { containsIgnoringCase } from "#server/db/search-pattern.ts";

/**
 * The Order Management search: the order id or the customer's e-mail contains the text, ignoring
 * letter case. One definition for the list and the CSV export, so an export holds what the
 * admin saw. `search` is already normalised (server/db/search-pattern.ts).
 */
export function orderMatchesSearch(search: string) {
  return (eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> =>
    eb.or([containsIgnoringCase("orders.id", search), containsIgnoringCase("orders.customer_email", search)]);
}

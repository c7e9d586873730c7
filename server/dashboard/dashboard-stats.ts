import { isCustomerRoleSql } from "#server/accounts/admin-role.ts";
import { countRows } from "#server/db/paging.ts";
import type { AppServices } from "#server/services.ts";

/** The figures on the admin dashboard's cards. */
export interface DashboardStats {
  books: number;
  /** Accounts whose role is not admin. */
  customers: number;
  pendingOrders: number;
}

export async function getDashboardStats({ db }: Pick<AppServices, "db">): Promise<DashboardStats> {
  const [books, customers, pendingOrders] = await Promise.all([
    countRows(db.selectFrom("books")),
    countRows(db.selectFrom("user").where(isCustomerRoleSql())),
    countRows(
      db
        .selectFrom("orders")
        .where("status", "=", "Pending")
        // A card payment that expired or failed leaves the order Pending with nothing to ship.
        .where("payment_status", "not in", ["expired", "payment_failed", "voided"]),
    ),
  ]);
  return { books, customers, pendingOrders };
}

import { isCustomerRoleSql } from "#server/accounts/admin-role.ts";
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
    db
      .selectFrom("books")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("n"))
      .where(isCustomerRoleSql())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "Pending")
      // A card payment that expired or failed leaves the order Pending with nothing to ship.
      .where("payment_status", "not in", ["expired", "payment_failed", "voided"])
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL's count(*) is a bigint; Number() also covers a driver that hands it over as text.
  return { books: Number(books.n), customers: Number(customers.n), pendingOrders: Number(pendingOrders.n) };
}

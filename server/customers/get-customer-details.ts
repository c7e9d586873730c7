import { sql } from "kysely";
import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { isAdminRole } from "#server/accounts/admin-role.ts";
import { isAccountOrder } from "#server/orders/order-access.ts";
import type { AppServices } from "#server/services.ts";
import type { PaymentStatus } from "#common/orders/payment-status.ts";

/** How many of the customer's orders the details show; the rest are a search away in Order Management. */
export const CUSTOMER_RECENT_ORDERS = 5;

export interface CustomerOrderSummary {
  id: string;
  orderDate: Timestamp;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** What the admin "Customer Details" dialog shows. */
export interface CustomerDetails {
  id: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  username: string | null;
  website: string | null;
  joinedOn: Timestamp;
  /** The newsletter: confirmed, waiting for the address's confirmation, or not subscribed. */
  newsletter: "confirmed" | "pending" | null;
  /** The orders the customer's own Order History lists (isAccountOrder), newest first. */
  orderCount: number;
  recentOrders: CustomerOrderSummary[];
}

/**
 * One customer account for staff: the profile, whether the address is verified, the newsletter,
 * and the orders its Order History shows (the same rule, so staff see what the customer sees).
 * Admin accounts are not customers: NOT_FOUND, as for an unknown id.
 */
export async function getCustomerDetails(
  { db }: Pick<AppServices, "db">,
  { customerId }: { customerId: string },
): Promise<CustomerDetails> {
  const user = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.emailVerified",
      "user.createdAt",
      "user.role",
      "profiles.full_name",
      "profiles.username",
      "profiles.website",
    ])
    .where("user.id", "=", customerId)
    .executeTakeFirst();
  if (!user || isAdminRole(user.role)) throw new AppError("NOT_FOUND", "This customer could not be found.");

  const owner = { userId: user.id, email: user.email, emailVerified: Boolean(user.emailVerified) };
  const [count, recent, subscriber] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .where((eb) => isAccountOrder(eb, owner))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(["id", "order_date", "total_cents", "currency", "status", "payment_status"])
      .where((eb) => isAccountOrder(eb, owner))
      .orderBy("order_date", "desc")
      .orderBy("id", "desc")
      .limit(CUSTOMER_RECENT_ORDERS)
      .execute(),
    db
      .selectFrom("email_subscribers")
      .select("confirmed_at")
      .where(sql<string>`lower(email)`, "=", user.email.toLowerCase())
      .executeTakeFirst(),
  ]);

  return {
    id: user.id,
    email: user.email,
    emailVerified: owner.emailVerified,
    fullName: user.full_name?.trim() ? user.full_name : null,
    username: user.username,
    website: user.website,
    joinedOn: user.createdAt,
    newsletter: subscriber ? (subscriber.confirmed_at ? "confirmed" : "pending") : null,
    orderCount: Number(count.n),
    recentOrders: recent.map((row) => ({
      id: row.id,
      orderDate: row.order_date,
      totalCents: row.total_cents,
      currency: row.currency,
      status: row.status,
      paymentStatus: row.payment_status,
    })),
  };
}

import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { OrderMailKind } from "#server/mail/mail-outbox.ts";
import type { RateLimits } from "#server/security/rate-limits.ts";
import type { Clock } from "#server/services.ts";
import { appendOrderHistory } from "./order-history.ts";
import { mailboxKey } from "#server/mail/mailbox-key.ts";

/** What an invoice order mails its buyer the moment it is placed, before anyone has paid. */
const UNASKED_KINDS: ReadonlySet<OrderMailKind> = new Set(["order-confirmation", "invoice"]);

export interface InvoiceMailCapDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimits: Pick<RateLimits, "invoiceMailsPerRecipient">;
}

/**
 * Whether a mail of an invoice order may go to its buyer. Ordering by invoice costs nothing and
 * takes any address, so without a cap the shop would mail whoever a stranger names, in its own
 * name, as often as they like. Past the cap the order stands and the mail is not sent; the
 * order's history tells staff (only them), so they can send the invoice another way. Card
 * orders and mails that follow a staff action are not counted.
 */
export async function invoiceMailWithinCap(
  deps: InvoiceMailCapDeps,
  mail: { kind: OrderMailKind; orderId: string },
): Promise<boolean> {
  if (!UNASKED_KINDS.has(mail.kind)) return true;
  const order = await deps.db
    .selectFrom("orders")
    .select(["payment_method", "customer_email"])
    .where("id", "=", mail.orderId)
    .executeTakeFirst();
  if (!order || order.payment_method !== "invoice") return true;
  const recipient = mailboxKey(order.customer_email);
  if ((await deps.rateLimits.invoiceMailsPerRecipient.consume(`email:${recipient}`)) === 0) return true;
  await appendOrderHistory(deps.db, {
    orderId: mail.orderId,
    status: mail.kind === "invoice" ? "Invoice e-mail not sent" : "Confirmation e-mail not sent",
    at: deps.clock(),
    customerVisible: false,
    note: `${order.customer_email} was already sent ${deps.rateLimits.invoiceMailsPerRecipient.limit} invoice-order e-mails in the last day, the most one address gets: send it another way if the order is genuine.`,
  });
  return false;
}

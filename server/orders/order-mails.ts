import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { renderInvoicePdf } from "#server/documents/invoice-pdf.ts";
import { loadInvoiceDocument } from "#server/documents/load-order-document.ts";
import { invoiceFileName } from "#server/documents/pdf-download.ts";
import type { OrderMailKind } from "#server/mail/mail-outbox.ts";
import { storeSender, type MailAttachment, type OutgoingMail } from "#server/mail/mailer.ts";
import { layoutMail, type MailBlock } from "#server/mail/mail-layout.ts";
import type { Clock } from "#server/services.ts";
import { formatMoney } from "#common/money/money.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "#common/orders/payment-status.ts";
import { CARRIER_LABELS, trackingUrl, type TrackingNumberView } from "#common/orders/carriers.ts";
import { customerTrackingNumbers, loadTrackingNumbers } from "./tracking-numbers.ts";
import { loadOrderTax, taxRows } from "./order-tax.ts";
import { discountLabel, orderDiscount } from "./order-discount.ts";

export interface OrderMailDeps {
  db: Kysely<Database>;
  clock: Clock;
  env: Pick<Env, "PUBLIC_URL">;
}

/** What one mail says, before it becomes plain text and HTML. */
interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The order's lines and totals. */
  withLines: boolean;
  details: [label: string, value: string][];
  /** The parcels' tracking numbers, each linked to its carrier's page (none for "other"). */
  tracking?: TrackingNumberView[];
  link?: { label: string; url: string };
}

type OrderRow = Awaited<ReturnType<typeof loadOrder>>;

/**
 * Renders a queued order mail from the order as it is now (the outbox holds only the kind and
 * the order id): plain text and HTML in the shop's one mail layout (server/mail/mail-layout.ts,
 * which escapes every value: names, titles and addresses come from buyers and staff), from the
 * store's name and contact address, links on PUBLIC_URL. The invoice mail carries the invoice as a PDF (server/documents/). Returns null
 * when the order no longer exists.
 */
export async function renderOrderMail(
  deps: OrderMailDeps,
  mail: { kind: OrderMailKind; orderId: string },
): Promise<OutgoingMail | null> {
  const order = await loadOrder(deps.db, mail.orderId);
  if (!order) return null;
  const store = await getPublicStoreSettings({ db: deps.db });
  const settings = await deps.db
    .selectFrom("store_settings")
    .select("invoice_terms")
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  const content = CONTENT[mail.kind](order, {
    storeName: store.storeName,
    contactEmail: store.contactEmail,
    invoiceTerms: settings?.invoice_terms?.trim() || null,
    publicUrl: deps.env.PUBLIC_URL.replace(/\/+$/, ""),
  });
  const attachments = mail.kind === "invoice" ? await invoiceAttachment(deps, order.id) : undefined;
  const { text, html } = renderMail({ ...content, kind: mail.kind }, order, store.storeName);
  return {
    from: storeSender(store),
    to: content.to,
    replyTo: STAFF_MAIL_KINDS.has(mail.kind) ? order.customer_email : undefined,
    subject: content.subject,
    text,
    html,
    ...(attachments ? { attachments } : {}),
  };
}

/** The order's invoice as the PDF a customer downloads, to attach to the invoice mail. */
async function invoiceAttachment(deps: OrderMailDeps, orderId: string): Promise<MailAttachment[] | undefined> {
  const invoice = await loadInvoiceDocument(deps, { orderId });
  if (!invoice) return undefined;
  return [
    { filename: invoiceFileName(orderId), content: await renderInvoicePdf(invoice), contentType: "application/pdf" },
  ];
}

interface StoreInfo {
  storeName: string;
  contactEmail: string;
  invoiceTerms: string | null;
  publicUrl: string;
}

async function loadOrder(db: Kysely<Database>, orderId: string) {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const items = await db
    .selectFrom("order_items")
    .select(["title", "quantity", "unit_price_cents"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const tracking = customerTrackingNumbers(await loadTrackingNumbers(db, [orderId]), orderId);
  const tax = await loadOrderTax(db, order);
  return { ...order, items, tracking, tax };
}

function money(order: NonNullable<OrderRow>, cents: number): string {
  return formatMoney(cents, order.currency);
}

/**
 * Every order mail opens the same way. Names, organisations and PO numbers are typed by whoever
 * orders, with any address: a mail that opened with them, or wove them into its sentences, would
 * let a stranger make the shop say anything to anyone ("Hello URGENT: your account is locked…").
 * They appear only as labelled values in the details.
 */
const GREETING = "Hello,";

function trackLink(order: NonNullable<OrderRow>, store: StoreInfo) {
  return { label: "Track your order", url: `${store.publicUrl}/track-order?orderId=${encodeURIComponent(order.id)}` };
}

/** For staff mails: the order in Order Management. */
function adminOrderLink(order: NonNullable<OrderRow>, store: StoreInfo) {
  return { label: "Open the order", url: `${store.publicUrl}/admin/orders?search=${encodeURIComponent(order.id)}` };
}

function addressLines(order: NonNullable<OrderRow>): string | null {
  const cityLine = [order.ship_city, order.ship_region, order.ship_postal_code].filter(Boolean).join(", ");
  const lines = [order.customer_name, order.organisation, order.ship_street, cityLine, order.ship_country].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
  return lines.length > 0 ? lines.join("\n") : null;
}

function orderDetails(order: NonNullable<OrderRow>): [string, string][] {
  const details: [string, string][] = [["Order", order.id]];
  const address = addressLines(order);
  if (address) details.push(["Ship to", address]);
  if (order.shipping_method_name) details.push(["Shipping method", order.shipping_method_name]);
  if (order.payment_method) details.push(["Payment", PAYMENT_METHOD_LABELS[order.payment_method]]);
  details.push(["Payment status", PAYMENT_STATUS_LABELS[order.payment_status]]);
  return details;
}

/** Mails to the store's contact address, not to the buyer: a reply goes to the buyer. */
const STAFF_MAIL_KINDS: ReadonlySet<OrderMailKind> = new Set(["new-order-notice", "refund-failed-notice"]);

const CONTENT: Record<OrderMailKind, (order: NonNullable<OrderRow>, store: StoreInfo) => MailContent> = {
  "order-confirmation": (order, store) => ({
    to: order.customer_email,
    subject: `Your order ${order.id} at ${store.storeName}`,
    greeting: GREETING,
    paragraphs: [
      `Thank you for your order. We have received it and will let you know when it ships.`,
      order.payment_method === "invoice"
        ? "You chose to pay by invoice: the invoice follows in a separate e-mail."
        : order.payment_status === "paid"
          ? "Your payment has been received."
          : "We will confirm your payment as soon as it arrives.",
    ],
    withLines: true,
    details: orderDetails(order),
    link: trackLink(order, store),
  }),
  "new-order-notice": (order, store) => ({
    to: store.contactEmail,
    subject: `New order ${order.id} (${money(order, order.total_cents)})`,
    greeting: GREETING,
    paragraphs: ["A new order was placed. The customer's details are below, as they typed them."],
    withLines: true,
    details: [
      ["Customer", [order.customer_name, order.customer_email, order.phone].filter(Boolean).join("\n")],
      ...(order.organisation ? ([["Organisation", order.organisation]] as [string, string][]) : []),
      ...(order.po_number ? ([["PO number", order.po_number]] as [string, string][]) : []),
      ...orderDetails(order),
    ],
    link: adminOrderLink(order, store),
  }),
  invoice: (order, store) => ({
    to: order.customer_email,
    subject: `Invoice for order ${order.id} from ${store.storeName}`,
    greeting: GREETING,
    paragraphs: [
      `Here is the invoice for your order ${order.id}. Your books are reserved for you.`,
      `Please pay ${money(order, order.total_cents)}${store.invoiceTerms ? ` (payment terms: ${store.invoiceTerms})` : ""}, quoting the invoice number ${order.id}.`,
      `Where to pay: ${store.storeName}. For payment details or any question, write to ${store.contactEmail}.`,
      `The invoice is attached to this e-mail as a PDF (${invoiceFileName(order.id)}).`,
    ],
    withLines: true,
    details: [
      ["Invoice number", order.id],
      ...(order.organisation ? ([["Organisation", order.organisation]] as [string, string][]) : []),
      ...(order.po_number ? ([["PO number", order.po_number]] as [string, string][]) : []),
      ...(store.invoiceTerms ? ([["Payment terms", store.invoiceTerms]] as [string, string][]) : []),
      ["Amount due", money(order, order.total_cents)],
      ["Pay to", `${store.storeName}\n${store.contactEmail}`],
      ...orderDetails(order).slice(1),
    ],
    link: trackLink(order, store),
  }),
  "payment-received": (order, store) => ({
    to: order.customer_email,
    subject: `Payment received for order ${order.id}`,
    greeting: GREETING,
    paragraphs: [`We have received your payment of ${money(order, order.amount_paid_cents)}. Thank you!`],
    withLines: false,
    details: [["Order", order.id]],
    link: trackLink(order, store),
  }),
  shipped: (order, store) => ({
    to: order.customer_email,
    subject: `Your order ${order.id} has shipped`,
    greeting: GREETING,
    paragraphs: [
      order.tracking.length === 0
        ? "Good news: your order is on its way."
        : `Good news: your order is on its way. You can follow ${order.tracking.length === 1 ? "its parcel" : "each parcel"} on the carrier's website with the tracking ${order.tracking.length === 1 ? "number" : "numbers"} below; a number may take up to 24 hours to show there.`,
    ],
    withLines: true,
    details: orderDetails(order).filter(([label]) => label !== "Payment status"),
    tracking: order.tracking,
    link: trackLink(order, store),
  }),
  cancelled: (order, store) => ({
    to: order.customer_email,
    subject: `Your order ${order.id} was cancelled`,
    greeting: GREETING,
    paragraphs: [
      "Your order has been cancelled.",
      order.amount_refunded_cents > 0
        ? `We have refunded ${money(order, order.amount_refunded_cents)}; it may take a few days to reach your account.`
        : order.payment_status === "paid"
          ? `We will return your payment of ${money(order, order.amount_paid_cents)} and let you know when we have.`
          : "Nothing was charged.",
      `If you have a question, write to ${store.contactEmail}.`,
    ],
    withLines: true,
    details: [["Order", order.id]],
  }),
  refunded: (order, store) => ({
    to: order.customer_email,
    subject: `Refund for order ${order.id}`,
    greeting: GREETING,
    paragraphs: [
      order.payment_status === "refunded"
        ? `We have refunded your payment of ${money(order, order.amount_refunded_cents)} in full.`
        : `We have refunded ${money(order, order.amount_refunded_cents)} of your payment of ${money(order, order.amount_paid_cents)}.`,
      order.payment_method === "card"
        ? "It may take a few days to reach your card account."
        : order.payment_method === "paypal"
          ? "It may take a few days to reach your PayPal account."
          : `If you have a question, write to ${store.contactEmail}.`,
    ],
    withLines: false,
    details: [["Order", order.id]],
    link: trackLink(order, store),
  }),
  // Staff only: the buyer was told of the refund when it was made, and what to say now (refund
  // again, ask for other bank details) is staff's call. The order's history names the refund.
  "refund-failed-notice": (order, store) => ({
    to: store.contactEmail,
    subject: `Refund failed for order ${order.id}`,
    greeting: GREETING,
    paragraphs: [
      `${order.payment_method === "paypal" ? "PayPal" : "Stripe"} could not complete a refund for this order: the money was not returned to the customer, who was told of the refund when it was made.`,
      "The order's history says which refund failed and why: check it, then refund again from the order or contact the customer.",
    ],
    withLines: false,
    details: [
      ["Customer", [order.customer_name, order.customer_email].filter(Boolean).join("\n")],
      ["Order", order.id],
      ["Paid", money(order, order.amount_paid_cents)],
      ["Refunded now", money(order, order.amount_refunded_cents)],
      ["Payment status", PAYMENT_STATUS_LABELS[order.payment_status]],
    ],
    link: adminOrderLink(order, store),
  }),
};

function totals(order: NonNullable<OrderRow>): [string, string][] {
  return [
    ["Subtotal", money(order, order.subtotal_cents)],
    ...discountRows(order),
    [
      `Shipping${order.shipping_method_name ? ` (${order.shipping_method_name})` : ""}`,
      money(order, order.shipping_cents),
    ],
    ...taxRows(order.tax, (cents) => money(order, cents)),
    ["Total", money(order, order.total_cents)],
  ];
}

/** The discount code's line (decision 39), when the order has one. */
function discountRows(order: NonNullable<OrderRow>): [string, string][] {
  const discount = orderDiscount(order);
  return discount ? [[discountLabel(discount), `-${money(order, discount.cents)}`]] : [];
}

/** The mail's blocks for the one layout: greeting, paragraphs, lines and totals, details, link. */
function renderMail(content: MailContent & { kind: OrderMailKind }, order: NonNullable<OrderRow>, storeName: string) {
  const blocks: MailBlock[] = [{ text: content.greeting }, ...content.paragraphs.map((text) => ({ text }))];
  if (content.tracking && content.tracking.length > 0) {
    // Each parcel's number, and a button to the carrier's tracking page where it has one.
    blocks.push({ text: content.tracking.length === 1 ? "Tracking number:" : "Tracking numbers:" });
    blocks.push({
      details: content.tracking.map((parcel) => [CARRIER_LABELS[parcel.carrier], parcel.trackingNumber] as const),
    });
    for (const parcel of content.tracking) {
      const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
      if (url)
        blocks.push({ link: { label: `Track ${CARRIER_LABELS[parcel.carrier]} ${parcel.trackingNumber}`, url } });
    }
  }
  if (content.withLines) {
    blocks.push({
      lines: {
        items: order.items.map((item) => ({
          title: item.title,
          quantity: item.quantity,
          amount: money(order, item.unit_price_cents * item.quantity),
        })),
        totals: totals(order),
      },
    });
  }
  blocks.push({ details: content.details });
  if (content.link) blocks.push({ link: content.link });
  return layoutMail({ storeName, blocks, signed: !STAFF_MAIL_KINDS.has(content.kind) });
}

import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { ReturnClaimMailKind } from "#server/mail/mail-outbox.ts";
import { storeSender, type OutgoingMail } from "#server/mail/mailer.ts";
import { layoutMail, type MailBlock } from "#server/mail/mail-layout.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { formatMoney } from "#common/money/money.ts";
import { returnRequestPath } from "#common/pages/site-paths.ts";
import { CLAIM_KINDS } from "#common/returns/return-claim-terms.ts";

export interface ReturnClaimMailDeps {
  db: Kysely<Database>;
  env: Pick<Env, "PUBLIC_URL">;
}

/**
 * Renders a queued claim mail from the claim as it is now, to the order's e-mail, in the one mail
 * layout. As in order mails, what the customer and staff typed (the reason, the instructions, the
 * refusal) appears only as labelled values, never woven into the shop's sentences. Returns null
 * when the claim is gone.
 */
export async function renderReturnClaimMail(
  deps: ReturnClaimMailDeps,
  mail: { kind: ReturnClaimMailKind; claimId: string },
): Promise<OutgoingMail | null> {
  const claim = await deps.db
    .selectFrom("return_claims as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .select([
      "c.id",
      "c.order_id",
      "c.kind",
      "c.reason",
      "c.amount_cents",
      "c.instructions",
      "c.refusal_reason",
      "c.settlement",
      "c.refunded_cents",
      "c.replacement_order_id",
      "o.customer_email",
      "o.currency",
      "o.payment_method",
    ])
    .where("c.id", "=", mail.claimId)
    .executeTakeFirst();
  if (!claim) return null;
  const lines = await deps.db
    .selectFrom("return_claim_lines as l")
    .innerJoin("order_items as i", "i.id", "l.order_item_id")
    .select(["i.title", "l.quantity", "l.amount_cents"])
    .where("l.claim_id", "=", claim.id)
    .orderBy("i.position")
    .execute();
  const store = await getPublicStoreSettings({ db: deps.db });
  const what = claim.kind === "return" ? "return request" : "damage report";
  const money = (cents: number) => formatMoney(cents, claim.currency);
  const details: [string, string][] = [
    ["Order", claim.order_id],
    ["Request", CLAIM_KINDS[claim.kind]],
  ];
  let subject: string;
  let paragraphs: string[];
  switch (mail.kind) {
    case "claim-received":
      subject = `We received your ${what} for order ${claim.order_id}`;
      paragraphs = [
        `Thank you for letting us know. We have received your ${what} for the items below, and we will e-mail you as soon as our staff have looked at it.`,
      ];
      details.push(["Your reason", claim.reason]);
      break;
    case "claim-approved":
      subject = `Your ${what} for order ${claim.order_id} is approved`;
      paragraphs = [
        `We have approved your ${what} for the items below. Please follow the instructions below; we will let you know when it is settled.`,
      ];
      details.push(["Instructions", claim.instructions ?? ""]);
      break;
    case "claim-refused":
      subject = `Your ${what} for order ${claim.order_id} was not accepted`;
      paragraphs = [
        `We are sorry: we could not accept your ${what} for the items below. The reason is given below.`,
        `If you have a question, write to ${store.contactEmail}.`,
      ];
      details.push(["Reason", claim.refusal_reason ?? ""]);
      break;
    case "claim-settled":
      subject = `Your ${what} for order ${claim.order_id} is settled`;
      if (claim.settlement === "replacement") {
        paragraphs = [
          "We are sending you new copies of the items below at no charge. We will e-mail you again when they ship.",
        ];
        details.push(["Replacement order", claim.replacement_order_id ?? ""]);
      } else {
        const refunded = claim.refunded_cents ?? claim.amount_cents;
        paragraphs = [
          claim.payment_method === "invoice"
            ? `We have credited ${money(refunded)} for the items below to your invoice account.`
            : `We have refunded ${money(refunded)} for the items below. It may take a few days to reach your ${claim.payment_method === "paypal" ? "PayPal" : "card"} account.`,
        ];
        details.push(["Refunded", money(refunded)]);
      }
      break;
  }
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/+$/, "");
  const blocks: MailBlock[] = [
    { text: "Hello," },
    ...paragraphs.map((text) => ({ text })),
    {
      lines: {
        items: lines.map((line) => ({ title: line.title, quantity: line.quantity, amount: money(line.amount_cents) })),
        totals: [["Items' amount", money(claim.amount_cents)]],
      },
    },
    { details },
    { link: { label: "See your request", url: `${publicUrl}${returnRequestPath(claim.order_id)}` } },
  ];
  const { text, html } = layoutMail({ storeName: store.storeName, blocks });
  return { from: storeSender(store), to: claim.customer_email, subject, text, html };
}

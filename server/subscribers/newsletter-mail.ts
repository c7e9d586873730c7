import type { Env } from "#server/config/env.ts";
import { storeSender, type OutgoingMail } from "#server/mail/mailer.ts";
import { layoutMail, type MailBlock } from "#server/mail/mail-layout.ts";
import type { AppServices } from "#server/services.ts";
import { subscriberToken } from "./subscriber-token.ts";

/** What the newsletter use cases need: the database, the mailer, the clock, and the secret and address links are built from. */
export type NewsletterDeps = Pick<AppServices, "db" | "mailer" | "logger" | "clock"> & {
  env: Pick<Env, "PUBLIC_URL" | "APP_SECRET">;
};

export const CONFIRM_PATH = "/newsletter/confirm";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** A confirm or unsubscribe link for one subscriber, from PUBLIC_URL; the token travels in the query string. */
export function newsletterLink(
  env: Pick<Env, "PUBLIC_URL" | "APP_SECRET">,
  page: "confirm" | "unsubscribe",
  subscriberId: string,
): string {
  const url = new URL(page === "confirm" ? CONFIRM_PATH : UNSUBSCRIBE_PATH, `${env.PUBLIC_URL}/`);
  url.searchParams.set("token", subscriberToken(env.APP_SECRET, `newsletter-${page}`, subscriberId));
  return url.toString();
}

/**
 * Any e-mail of the newsletter to one subscriber (the confirmation e-mail included): from the
 * store, in the shop's mail layout, with the unsubscribe link in its small print and as List-Unsubscribe headers, so
 * mail clients offer one-click unsubscribe (RFC 8058: they POST `List-Unsubscribe=One-Click` to it).
 */
export function newsletterMail(
  env: Pick<Env, "PUBLIC_URL" | "APP_SECRET">,
  store: { storeName: string; contactEmail: string },
  subscriber: { id: string; email: string },
  content: { subject: string; blocks: MailBlock[] },
): OutgoingMail {
  const unsubscribeUrl = newsletterLink(env, "unsubscribe", subscriber.id);
  const sender = storeSender(store);
  return {
    from: sender,
    to: subscriber.email,
    subject: content.subject,
    ...layoutMail({
      storeName: sender.name,
      blocks: content.blocks,
      footer: [
        `You receive this e-mail because this address was entered in the newsletter form of ${sender.name}.`,
        "To stop receiving our e-mails, open this link:",
        unsubscribeUrl,
      ],
    }),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

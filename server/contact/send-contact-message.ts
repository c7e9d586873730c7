import { randomUUID } from "node:crypto";
import { storeSender } from "#server/mail/mailer.ts";
import { layoutMail } from "#server/mail/mail-layout.ts";
import type { AppServices } from "#server/services.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { ENQUIRY_KINDS } from "#common/contact/contact-fields.ts";
import type { ContactMessageInput } from "#common/contact/contact-message-schema.ts";

export type ContactMessageDeps = Pick<AppServices, "db" | "mailer" | "logger" | "clock">;

/**
 * Stores a Contact Us message, then e-mails it to the store's contact address with the sender
 * as Reply-To. The row is written first so that a mail failure loses nothing: the failure is
 * logged, `mail_sent_at` stays null (staff can find unsent messages) and the visitor still hears
 * that the message arrived. The message comes parsed (contactMessageSchema, at the edge).
 */
export async function sendContactMessage(
  { db, mailer, logger, clock }: ContactMessageDeps,
  message: ContactMessageInput,
): Promise<{ id: string; mailed: boolean }> {
  const now = clock();
  const id = randomUUID();
  await db
    .insertInto("contact_messages")
    .values({
      id,
      full_name: message.fullName,
      email: message.email,
      subject: message.subject,
      message: message.message,
      created_at: now.toISOString(),
      mail_sent_at: null,
      enquiry: message.enquiry ?? null,
      organisation: message.organisation ?? null,
    })
    .execute();

  try {
    const store = await getPublicStoreSettings({ db });
    await mailer.send({
      from: storeSender(store),
      to: store.contactEmail,
      replyTo: message.email,
      subject: `${message.enquiry ? ENQUIRY_KINDS[message.enquiry].badge : "Contact form"}: ${oneLine(message.subject)}`,
      ...mailBody(store.storeName, message, now),
    });
  } catch (error) {
    // Only the id: the visitor's name, address and words stay out of the logs.
    logger.error({ err: error, contactMessageId: id }, "contact message stored but could not be e-mailed");
    return { id, mailed: false };
  }

  try {
    await db
      .updateTable("contact_messages")
      .set({ mail_sent_at: clock().toISOString() })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    // The mail is out: failing the request now would only make the visitor send it twice.
    logger.warn({ err: error, contactMessageId: id }, "contact message e-mailed but not marked as sent");
  }
  return { id, mailed: true };
}

/** A display name inside a quoted-string: no line breaks, quotes and backslashes escaped. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The message as the shop's inbox reads it: who wrote, about what, then their words set apart. */
function mailBody(storeName: string, message: ContactMessageInput, receivedAt: Date) {
  const details: [string, string][] = [
    ["Name", oneLine(message.fullName)],
    ["Email", message.email],
    ...(message.enquiry ? ([["Enquiry", ENQUIRY_KINDS[message.enquiry].badge]] as [string, string][]) : []),
    ...(message.organisation ? ([["Organisation", oneLine(message.organisation)]] as [string, string][]) : []),
    ["Subject", oneLine(message.subject)],
    ["Received", receivedAt.toISOString()],
  ];
  return layoutMail({
    storeName,
    signed: false,
    blocks: [
      { text: `New message from the Contact Us form of ${storeName}.` },
      { details },
      { text: "Message:" },
      { quote: message.message },
      { text: "Reply to this e-mail to answer the sender directly." },
    ],
  });
}

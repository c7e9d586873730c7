import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "#server/logging/logger.ts";

/**
 * A mailbox as a structured value. Names and addresses are never pasted into header strings:
 * nodemailer encodes them, so a store name with a quote or a comma cannot add a recipient.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress | string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: MailAddress | string;
  /** Extra headers (List-Unsubscribe and the like); values only, never user-built header lines. */
  headers?: Record<string, string>;
}

/** The store as the sender of its e-mails: its name and contact address, from the settings row. */
export function storeSender(store: { storeName: string; contactEmail: string }): MailAddress {
  // Line breaks would end the header; nodemailer encodes everything else.
  return { name: store.storeName.replace(/[\r\n]+/g, " ").trim(), address: store.contactEmail };
}

export interface Mailer {
  /** Delivers the message or throws; callers decide what a failure means for them. */
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail, so a fresh machine (and the tests) can read what would have been sent.
 */
export function createMailer(options: { smtpUrl?: string | undefined; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(mail);
      },
    };
  }
  const outbox = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ file, subject: mail.subject }, "mail written to the outbox (no SMTP_URL set)");
    },
  };
}

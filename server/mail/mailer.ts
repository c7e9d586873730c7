import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { Logger } from "#server/logging/logger.ts";

/**
 * A mailbox as a structured value. Names and addresses are never pasted into header strings:
 * nodemailer encodes them, so a store name with a quote or a comma cannot add a recipient.
 */
export interface MailAddress {
  name: string;
  address: string;
}

/** A file sent with a mail (the invoice's PDF), as nodemailer takes it. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
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
  attachments?: MailAttachment[];
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
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = onFirstMail((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail(mail);
      },
    };
  }
  const outbox = path.join(options.dataDir, "mail");
  const transport = onFirstMail((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(mail);
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

/**
 * The transport, made when the first message is sent: nodemailer is loaded then, so a shop that
 * sends no mail holds none of it in memory.
 */
function onFirstMail<T extends Transporter>(create: (library: typeof nodemailer) => T): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => {
    transport ??= import("nodemailer").then((module) => create(module.default));
    // A failed load is not kept: the next message tries again.
    transport.catch(() => (transport = undefined));
    return transport;
  };
}

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

export interface WrittenMail {
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft line breaks and `=3D` undone: enough to find links. */
  raw: string;
}

/** Every .eml file the mailer wrote to DATA_DIR/mail (no SMTP_URL), oldest first. */
export function readMails(dataDir: string): WrittenMail[] {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      return {
        to: raw.match(/^To: (.*)$/m)?.[1]?.trim() ?? "",
        subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
        raw,
      };
    });
}

/** The mails sent to `email` (any letter case) so far. */
export function mailsTo(dataDir: string, email: string): WrittenMail[] {
  return readMails(dataDir).filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

/**
 * Waits for the `count`-th verification mail to `email` (mails are sent without awaiting them)
 * and returns the link in the newest one.
 */
export async function waitForVerificationLink(dataDir: string, email: string, count = 1): Promise<string> {
  const links = () =>
    mailsTo(dataDir, email)
      .map((m) => m.raw.match(/https?:\/\/[^\s]+\/verify-email\?token=[\w.%-]+/)?.[0])
      .filter((link): link is string => Boolean(link));
  await expect.poll(() => links().length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return links().at(-1)!;
}

/** The token of a verification link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

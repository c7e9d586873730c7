import { expect } from "vitest";
import { linksTo, readOutbox, type OutboxMail } from "./outbox.ts";

/** The mails sent to `email` (any letter case) so far, oldest first. */
export function mailsTo(dataDir: string, email: string): OutboxMail[] {
  return readOutbox(dataDir).filter((mail) => (mail.headers.to ?? "").toLowerCase() === email.toLowerCase());
}

/**
 * Waits until `count` mails to `email` carry a link to `pathname` (mails are sent without awaiting
 * them) and returns those links, oldest first.
 */
export async function waitForLinks(dataDir: string, email: string, pathname: string, count = 1): Promise<string[]> {
  const links = () => mailsTo(dataDir, email).flatMap((mail) => linksTo(mail, pathname).slice(0, 1));
  await expect.poll(() => links().length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return links();
}

/** Waits for the `count`-th verification mail to `email` and returns the link in the newest one. */
export async function waitForVerificationLink(dataDir: string, email: string, count = 1): Promise<string> {
  return (await waitForLinks(dataDir, email, "/verify-email", count)).at(-1)!;
}

/** The token of an e-mailed link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * What a newsletter link may do. The label is part of the signed text, so a confirmation link
 * can never be turned into an unsubscribe link or the other way round.
 */
export type SubscriberTokenPurpose = "newsletter-confirm" | "newsletter-unsubscribe";

function signature(secret: string, purpose: SubscriberTokenPurpose, subscriberId: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${subscriberId}`).digest();
}

/**
 * The token of a confirm or unsubscribe link: the subscriber's id and an HMAC of it (APP_SECRET,
 * purpose label). Nothing is stored: the id is a random UUID never given to another subscriber,
 * so a valid signature proves the link was built by us for that row, and it stays checkable after
 * the row is gone (a second unsubscribe still succeeds).
 */
export function subscriberToken(secret: string, purpose: SubscriberTokenPurpose, subscriberId: string): string {
  return `${subscriberId}.${signature(secret, purpose, subscriberId).toString("base64url")}`;
}

/**
 * The confirm and unsubscribe pages' form: their button posts the link's token back. An absent or
 * empty token falls back to the address's `?token=` (a mail client's one-click unsubscribe posts
 * no body), and so does anything that is not text; readSubscriberToken judges what arrives, so
 * every bad token gets the page's own "invalid link" message.
 */
export const newsletterLinkFormSchema = z.object({ token: z.string().optional().catch(undefined) });

/** The token a newsletter link page's post carries: the form's, else the address's. */
export function newsletterLinkToken(form: z.output<typeof newsletterLinkFormSchema>, request: Request): string | null {
  return form.token || new URL(request.url).searchParams.get("token");
}

/** The subscriber id a token was made for, or null for anything we did not sign (compared in constant time). */
export function readSubscriberToken(secret: string, purpose: SubscriberTokenPurpose, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const subscriberId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = signature(secret, purpose, subscriberId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : null;
}

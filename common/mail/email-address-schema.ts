import { z } from "zod";

/** The longest address SMTP can carry (RFC 5321: a 254-character path). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address typed into a form, the one rule for every form (sign-in and sign-up, the
 * newsletter, contact, store settings): trimmed, required, at most `maxLength`, then zod's
 * address check. Only the words may differ per form. Client-safe: zod only.
 */
export function emailAddressSchema({
  missing = "Please enter your email address.",
  invalid = "Please enter a valid email address.",
  maxLength = EMAIL_MAX_LENGTH,
}: { missing?: string; invalid?: string; maxLength?: number } = {}) {
  return z.string({ error: missing }).trim().min(1, missing).max(maxLength, invalid).pipe(z.email(invalid));
}

import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import { AppError } from "#server/errors/app-error.ts";
import { isAuthRefusal } from "./auth-errors.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { ensureOwnerIsAdmin } from "./owner-setup.ts";
import type { Viewer } from "./viewer.ts";

export const INVALID_LINK = "This link is invalid or has expired. You can ask for a new one on your account page.";
export const OTHER_ACCOUNT =
  "This link was sent to the address of another account. Please sign in with the account it belongs to.";

/**
 * Marks the signed-in account's address as verified with the token e-mailed to it, then grants
 * the owner role if this is OWNER_EMAIL's account.
 *
 * The viewer must be signed in *as the account the link was sent to*: someone who signed up with
 * another person's address (the owner's, a customer's) cannot have that person prove it for them
 * by clicking the link, since the person does not know that account's password. A token for
 * another account changes nothing. The token comes trimmed and bounded from the page's form.
 */
export async function verifyEmail(
  deps: { getAuth: GetAuth; db: Kysely<Database>; clock: Clock; env: Pick<Env, "OWNER_EMAIL"> },
  input: { viewer: Pick<Viewer, "email">; token: string },
): Promise<void> {
  const { token } = input;
  const email = claimedEmail(token);
  if (!email) throw new AppError("VALIDATION", INVALID_LINK);
  // Only read here to pick the right message; better-auth checks the signature and expiry below.
  if (email !== input.viewer.email.toLowerCase()) throw new AppError("FORBIDDEN", OTHER_ACCOUNT);
  const auth = await deps.getAuth();
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    // Expired, forged or for a deleted account: one message, better-auth's own codes say no more.
    if (isAuthRefusal(error)) throw new AppError("VALIDATION", INVALID_LINK);
    throw error;
  }
  await ensureOwnerIsAdmin(deps, { ownerEmail: deps.env.OWNER_EMAIL });
}

/** The e-mail a verification token (a signed JWT) names, unverified; null if it is not one. */
function claimedEmail(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const email = (claims as { email?: unknown } | null)?.email;
    return typeof email === "string" ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

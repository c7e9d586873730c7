import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import type { Env } from "#server/config/env.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { HashQueue } from "#server/security/hash-queue.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { toAppError } from "./auth-errors.ts";
import { admitPasswordWork, type AuthLimits } from "./auth-limits.ts";
import { newKnownDeviceCookie } from "./known-device.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { ensureOwnerIsAdmin } from "./owner-setup.ts";
import { findResetLinkOwner, voidResetLinks } from "./reset-links.ts";
import type { ResetPasswordInput } from "#common/accounts/password-schema.ts";

const INVALID_TOKEN = "Invalid or expired token. Please request a new link.";

/**
 * Sets a new password from an e-mailed token. Tokens are single-use and expire after an hour;
 * every session of the account ends (better-auth's revokeSessionsOnPasswordReset) and so does
 * every other reset link of the account. The new password's hash counts against the client's
 * password budget only: the link proves the mailbox, so what others do to the account cannot stop
 * it. The answer marks this browser as known to the account (known-device.ts), so its next
 * sign-in does not wait on guesses others made at the account. The link was mailed to the
 * address, so using it proves the address: the account counts as verified (and OWNER_EMAIL's is
 * an admin). That is how an owner takes back an account someone else made with their address:
 * whoever made it loses its sessions and its password. The new password comes parsed
 * (resetPasswordSchema); an empty or absurd token is the link's own refusal, not a field's.
 */
export async function resetPassword(
  deps: {
    getAuth: GetAuth;
    authLimits: AuthLimits;
    db: Kysely<Database>;
    clock: Clock;
    hashQueue: HashQueue;
    env: Pick<Env, "APP_SECRET" | "PUBLIC_URL" | "OWNER_EMAIL">;
  },
  input: ResetPasswordInput & { token: string; clientAddress: string },
): Promise<{ headers: Headers }> {
  const token = input.token.trim();
  if (!token || token.length > 200) throw new AppError("VALIDATION", INVALID_TOKEN);
  const newPassword = assertAcceptablePassword(input.password);
  const owner = await findResetLinkOwner(deps, { token });
  if (!owner) throw new AppError("VALIDATION", INVALID_TOKEN);
  await admitPasswordWork(deps.authLimits, {
    clientAddress: input.clientAddress,
    account: owner.email,
    guess: false,
    trusted: true,
  });
  const auth = await deps.getAuth();
  try {
    // better-auth spends the single-use token before it hashes: a full queue must refuse before
    // that, not after, or the link would be lost.
    await deps.hashQueue.admit(() => auth.api.resetPassword({ body: { token, newPassword } }), { reserved: true });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: INVALID_TOKEN });
  }
  await voidResetLinks(deps, { userId: owner.userId });
  await deps.db
    .updateTable("user")
    .set({ emailVerified: true, updatedAt: deps.clock().toISOString() })
    .where("id", "=", owner.userId)
    .where("emailVerified", "=", false)
    .execute();
  await ensureOwnerIsAdmin(deps, { ownerEmail: deps.env.OWNER_EMAIL });
  const headers = new Headers();
  const cookie = await newKnownDeviceCookie(deps, owner.email);
  if (cookie) headers.append("Set-Cookie", cookie);
  return { headers };
}

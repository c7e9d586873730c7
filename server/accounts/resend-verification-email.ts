import { clientKey } from "#server/security/client-key.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { toAppError } from "./auth-errors.ts";
import { consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import type { Viewer } from "./viewer.ts";
import { mailboxKey } from "#server/mail/mailbox-key.ts";

/**
 * E-mails the signed-in account a new verification link, if its address still needs one. The
 * answer is the same either way; counted per account and per client, since every call may send
 * a mail, and within the address's mail allowance that sign-ups share (past it nothing is sent).
 */
export async function resendVerificationEmail(
  deps: { getAuth: GetAuth; authLimits: AuthLimits },
  { viewer, clientAddress }: { viewer: Pick<Viewer, "userId" | "email">; clientAddress: string },
): Promise<void> {
  // By clientKey, as every other limit: an IPv6 client must not get a new budget per address of its /64.
  await consumeAttempt(deps.authLimits.verificationEmail, [
    `client:${clientKey(clientAddress)}`,
    `user:${viewer.userId}`,
  ]);
  if ((await deps.authLimits.accountMailsPerAddress.consume(`resend:${mailboxKey(viewer.email)}`)) > 0) return;
  const auth = await deps.getAuth();
  try {
    // Without a session header better-auth answers alike for verified and unverified accounts
    // and mails only the latter.
    await auth.api.sendVerificationEmail({ body: { email: viewer.email } });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Something went wrong" });
  }
}

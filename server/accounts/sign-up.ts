import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { toAppError } from "./auth-errors.ts";
import { clientKey } from "#server/security/client-key.ts";
import { sendAccountExistsMail } from "./account-exists-mail.ts";
import { admitPasswordWork, consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { findUserByEmail } from "./create-admin-account.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import type { SignUpInput } from "#common/accounts/password-schema.ts";
import { mailboxKey } from "#server/mail/mailbox-key.ts";
import type { BackgroundTasks } from "#server/jobs/background-tasks.ts";

/**
 * Creates a customer account (no session: the visitor signs in next) and e-mails it a link to
 * verify the address. An address that already has an account gets the same answer, so sign-up
 * never reveals who is registered; that address is mailed why its new password will not work.
 * Limits count the client only, never the address: someone else's sign-ups with it cannot
 * refuse its owner. Instead the address gets at most a few mails an hour, whoever asks; past
 * that the answer is the same and nothing is sent. The fields come parsed (signUpSchema, at the edge).
 */
export async function signUp(
  deps: {
    getAuth: GetAuth;
    authLimits: AuthLimits;
    db: Kysely<Database>;
    mailer: Mailer;
    logger: Logger;
    env: Pick<Env, "PUBLIC_URL">;
    backgroundTasks: BackgroundTasks;
  },
  input: SignUpInput & { headers: Headers; clientAddress: string },
): Promise<void> {
  const { email } = input;
  const password = assertAcceptablePassword(input.password);
  await consumeAttempt(deps.authLimits.signUp, [`client:${clientKey(input.clientAddress)}`]);
  await admitPasswordWork(deps.authLimits, {
    clientAddress: input.clientAddress,
    account: email,
    guess: false,
    trusted: true,
  });
  const existing = await findUserByEmail(deps, { email });
  const auth = await deps.getAuth();
  try {
    // better-auth answers alike (and hashes alike) whether the address is taken or not.
    await auth.api.signUpEmail({
      body: { email, password, name: "" },
      headers: authRequestHeaders(input.headers, input.clientAddress),
    });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Something went wrong" });
  }
  if ((await deps.authLimits.accountMailsPerAddress.consume(`email:${mailboxKey(email)}`)) > 0) return;
  if (existing) {
    // Not awaited, like better-auth's own mails: the answer takes as long either way.
    deps.backgroundTasks.start(
      () => sendAccountExistsMail(deps, { to: existing.email }),
      "account-exists e-mail could not be sent",
    );
    return;
  }
  try {
    await auth.api.sendVerificationEmail({ body: { email } });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Something went wrong" });
  }
}

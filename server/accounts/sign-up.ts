import { AppError } from "#server/errors/app-error.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { toAppError } from "./auth-errors.ts";
import { clientKey } from "#server/security/client-key.ts";
import { admitPasswordWork, consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { emailSchema } from "./password-schema.ts";

/**
 * Creates a customer account (no session: the visitor signs in next) and e-mails it a link to
 * verify the address. An address that already has an account gets the same answer, so sign-up
 * never reveals who is registered.
 */
export async function signUp(
  deps: { getAuth: GetAuth; authLimits: AuthLimits },
  input: { email?: unknown; password?: unknown; headers: Headers; clientAddress: string },
): Promise<void> {
  const email = emailSchema.safeParse(input.email ?? "");
  if (!email.success) {
    throw new AppError("VALIDATION", email.error.issues[0]!.message, { email: email.error.issues[0]!.message });
  }
  const password = assertAcceptablePassword(input.password);
  await consumeAttempt(deps.authLimits.signUp, [
    `client:${clientKey(input.clientAddress)}`,
    `email:${email.data.toLowerCase()}`,
  ]);
  await admitPasswordWork(deps.authLimits, { clientAddress: input.clientAddress, account: email.data, guess: false });
  const auth = await deps.getAuth();
  try {
    await auth.api.signUpEmail({
      body: { email: email.data, password, name: "" },
      headers: authRequestHeaders(input.headers, input.clientAddress),
    });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Something went wrong" });
  }
  try {
    // The verification link, for the new account or an existing one still unverified; nothing for
    // a verified one. better-auth answers alike in every case (and takes as long), so sign-up
    // still reveals nothing about who is registered.
    await auth.api.sendVerificationEmail({ body: { email: email.data } });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Something went wrong" });
  }
}

import { AppError } from "#server/errors/app-error.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { clientKey } from "#server/security/client-key.ts";
import { consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { forgotPasswordSchema } from "#common/accounts/password-schema.ts";

/**
 * Sends a reset link if the account exists; the answer is the same either way. A client may ask
 * a few times a minute; an address gets a few e-mails an hour: past that the request answers the
 * same but makes no new link and voids nothing, so the last link sent stays valid (nobody can
 * fill someone's mailbox or keep voiding their link).
 */
export async function requestPasswordReset(
  deps: { getAuth: GetAuth; authLimits: AuthLimits },
  input: { email?: unknown; headers: Headers; clientAddress: string },
): Promise<void> {
  const parsed = forgotPasswordSchema.safeParse({ email: input.email });
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]!.message);
  const { email } = parsed.data;
  await consumeAttempt(deps.authLimits.passwordReset, [`client:${clientKey(input.clientAddress)}`]);
  if ((await deps.authLimits.resetMailsPerAddress.consume(`email:${email.toLowerCase()}`)) > 0) return;
  const auth = await deps.getAuth();
  await auth.api.requestPasswordReset({
    body: { email },
    headers: authRequestHeaders(input.headers, input.clientAddress),
  });
}

import type { GetAuth } from "./lazy-auth.ts";
import { clientKey } from "#server/security/client-key.ts";
import { consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import type { ForgotPasswordInput } from "#common/accounts/password-schema.ts";

/**
 * Sends a reset link if the account exists; the answer is the same either way. A client may ask
 * a few times a minute; an address gets a few e-mails an hour: past that the request answers the
 * same but makes no new link and voids nothing, so the last link sent stays valid (nobody can
 * fill someone's mailbox or keep voiding their link). The address comes parsed (forgotPasswordSchema).
 */
export async function requestPasswordReset(
  deps: { getAuth: GetAuth; authLimits: AuthLimits },
  input: ForgotPasswordInput & { headers: Headers; clientAddress: string },
): Promise<void> {
  const { email } = input;
  await consumeAttempt(deps.authLimits.passwordReset, [`client:${clientKey(input.clientAddress)}`]);
  if ((await deps.authLimits.resetMailsPerAddress.consume(`email:${email.toLowerCase()}`)) > 0) return;
  const auth = await deps.getAuth();
  await auth.api.requestPasswordReset({
    body: { email },
    headers: authRequestHeaders(input.headers, input.clientAddress),
  });
}

import { AppError } from "#server/errors/app-error.ts";
import type { Auth } from "./auth.ts";
import { consumeAttempt, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { forgotPasswordSchema } from "./password-schema.ts";

/** Sends a reset link if the account exists; the answer is the same either way. */
export async function requestPasswordReset(
  deps: { auth: Auth; authLimits: AuthLimits },
  input: unknown,
  request: { headers: Headers; clientAddress: string },
): Promise<void> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]!.message);
  const { email } = parsed.data;
  consumeAttempt(deps.authLimits.passwordReset, [`client:${request.clientAddress}`, `email:${email.toLowerCase()}`]);
  await deps.auth.api.requestPasswordReset({
    body: { email },
    headers: authRequestHeaders(request.headers, request.clientAddress),
  });
}

import { AppError } from "#server/errors/app-error.ts";
import type { Auth } from "./auth.ts";
import { ADMIN_ROLE } from "./auth.ts";
import { setCookieHeaders } from "./auth-errors.ts";
import { tooManyAttempts, type AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { signInSchema } from "./password-schema.ts";

const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * Email + password sign-in. The same message whether the e-mail exists or not. Failures are
 * counted per client and per e-mail from that client; the answer carries the session cookie.
 */
export async function signIn(
  deps: { auth: Auth; authLimits: AuthLimits },
  input: unknown,
  request: { headers: Headers; clientAddress: string },
): Promise<{ headers: Headers; isAdmin: boolean }> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]!.message);
  const { email, password } = parsed.data;
  const keys = [`client:${request.clientAddress}`, `email:${email.toLowerCase()}|${request.clientAddress}`];
  const wait = Math.max(...keys.map((key) => deps.authLimits.signInFailures.peek(key)));
  if (wait > 0) throw tooManyAttempts(wait);

  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authRequestHeaders(request.headers, request.clientAddress),
      returnHeaders: true,
    });
    const role = (response.user as { role?: string | null }).role;
    return { headers: setCookieHeaders(headers), isAdmin: role === ADMIN_ROLE };
  } catch (error) {
    for (const key of keys) deps.authLimits.signInFailures.consume(key);
    if (error instanceof Error && "statusCode" in error) throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
    throw error;
  }
}

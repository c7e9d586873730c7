import { AppError } from "#server/errors/app-error.ts";
import { RateLimiter } from "#server/security/rate-limiter.ts";

/**
 * Limits on the account forms, on in every environment. Sign-in counts failures, per client
 * address and per e-mail *from that client*: one client's failures never lock another client
 * out, not even of the same account.
 */
export function createAuthLimits() {
  return {
    signInFailures: new RateLimiter(5, 60_000),
    signUp: new RateLimiter(5, 60_000),
    passwordReset: new RateLimiter(5, 60_000),
    verificationEmail: new RateLimiter(3, 10 * 60_000),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

export function tooManyAttempts(waitSeconds: number): AppError {
  return new AppError(
    "RATE_LIMITED",
    `Too many attempts, try again in ${waitSeconds} second${waitSeconds === 1 ? "" : "s"}.`,
  );
}

/** Counts an attempt under every key; refuses when any key is over its limit. */
export function consumeAttempt(limiter: RateLimiter, keys: string[]): void {
  const wait = Math.max(...keys.map((key) => limiter.consume(key)));
  if (wait > 0) throw tooManyAttempts(wait);
}

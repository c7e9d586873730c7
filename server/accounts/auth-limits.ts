import { AppError } from "#server/errors/app-error.ts";
import { clientKey } from "#server/security/client-key.ts";
import { GrowingDelay } from "#server/security/growing-delay.ts";
import { RateLimiter } from "#server/security/rate-limiter.ts";

/**
 * Limits on the account forms, on in every environment. Sign-in counts failures, per client
 * address and per e-mail *from that client*: one client's failures never lock another client
 * out, not even of the same account. Every password hash or check (argon2: sign-in, sign-up,
 * Change Password, reset), whatever its outcome, also counts against a budget per client and
 * per account, and wrong passwords against one account from any address make its next try wait
 * longer (`accountGuesses`). Clients are keyed by `clientKey` (IPv6 by its /64).
 */
export function createAuthLimits() {
  return {
    signInFailures: new RateLimiter(5, 60_000),
    signUp: new RateLimiter(5, 60_000),
    passwordReset: new RateLimiter(5, 60_000),
    verificationEmail: new RateLimiter(3, 10 * 60_000),
    passwordWorkPerClient: new RateLimiter(30, 60_000),
    passwordWorkPerAccount: new RateLimiter(10, 60_000),
    accountGuesses: new GrowingDelay(5, 60_000),
    /** Reset e-mails sent per address: past it the answer stays the same and the last link stays valid. */
    resetMailsPerAddress: new RateLimiter(3, 60 * 60_000),
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

/**
 * Lets one argon2 hash or check through, or refuses with the wait: counts it for the client, then
 * (a `guess` at the account's password only) checks the account's growing wait, then counts it
 * for the account. In that order, so refused tries never use up the account's budget.
 */
export function admitPasswordWork(
  limits: AuthLimits,
  work: { clientAddress: string; account: string; guess: boolean },
): void {
  consumeAttempt(limits.passwordWorkPerClient, [`client:${clientKey(work.clientAddress)}`]);
  const account = work.account.toLowerCase();
  if (work.guess) {
    const wait = limits.accountGuesses.admit(account);
    if (wait > 0) throw tooManyAttempts(wait);
  }
  consumeAttempt(limits.passwordWorkPerAccount, [`account:${account}`]);
}

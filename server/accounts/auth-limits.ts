import { AppError } from "#server/errors/app-error.ts";
import { clientKey } from "#server/security/client-key.ts";
import { GrowingDelay } from "#server/security/growing-delay.ts";
import type { RateLimitStore } from "#server/security/rate-limit-store.ts";
import { RateLimiter } from "#server/security/rate-limiter.ts";

/**
 * Limits on the account forms, on in every environment. Sign-in counts failures, per client
 * address and per e-mail *from that client*: one client's failures never lock another client
 * out, not even of the same account. Every password hash or check (argon2: sign-in, sign-up,
 * Change Password, reset), whatever its outcome, also counts against a budget per client and
 * per account, and wrong passwords against one account from any address make its next try wait
 * longer (`accountGuesses`). Clients are keyed by `clientKey` (IPv6 by its /64). Every count
 * lives in the shared store, so the limits hold across any number of instances.
 */
export function createAuthLimits(store: RateLimitStore) {
  const limit = (name: string, limit: number, windowMs: number) => new RateLimiter(store, { name, limit, windowMs });
  return {
    signInFailures: limit("signInFailures", 5, 60_000),
    signUp: limit("signUp", 5, 60_000),
    passwordReset: limit("passwordReset", 5, 60_000),
    verificationEmail: limit("verificationEmail", 3, 10 * 60_000),
    passwordWorkPerClient: limit("passwordWorkPerClient", 30, 60_000),
    passwordWorkPerAccount: limit("passwordWorkPerAccount", 10, 60_000),
    accountGuesses: new GrowingDelay(store, { name: "accountGuesses", freeFailures: 5, maxDelayMs: 60_000 }),
    /** The same wait for one browser known to the account (known-device.ts), by its own failures only. */
    deviceGuesses: new GrowingDelay(store, { name: "deviceGuesses", freeFailures: 5, maxDelayMs: 60_000 }),
    /** Reset e-mails sent per address: past it the answer stays the same and the last link stays valid. */
    resetMailsPerAddress: limit("resetMailsPerAddress", 3, 60 * 60_000),
    /**
     * Sign-up e-mails sent per address (the verification link, or "this address has an account"),
     * whoever asks: past it the answer stays the same and nothing is sent, so nobody can use the
     * shop to fill a mailbox. Room for a sign-up and the account page's three re-sends.
     */
    accountMailsPerAddress: limit("accountMailsPerAddress", 5, 60 * 60_000),
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
export async function consumeAttempt(limiter: RateLimiter, keys: string[]): Promise<void> {
  const wait = Math.max(...(await Promise.all(keys.map((key) => limiter.consume(key)))));
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * Lets one argon2 hash or check through, or refuses with the wait: counts it for the client, then
 * (a `guess` at the account's password only) checks the growing wait, then counts it for the
 * account. In that order, so refused tries never use up the account's budget.
 * A browser known to the account (`knownDevice`, see known-device.ts) waits on its own failures
 * rather than the account's, and does not spend the account's budget: what others do to the
 * account cannot keep its owner out. Nor can it keep out a holder of a valid reset link, or a
 * sign-up (`trusted`: the link proves the mailbox; a sign-up tries no one's password, so sign-ups
 * of an address must not use up its account's budget).
 */
export async function admitPasswordWork(
  limits: AuthLimits,
  work: { clientAddress: string; account: string; guess: boolean; knownDevice?: string | null; trusted?: boolean },
): Promise<void> {
  await consumeAttempt(limits.passwordWorkPerClient, [`client:${clientKey(work.clientAddress)}`]);
  const account = work.account.toLowerCase();
  if (work.guess) {
    const wait = work.knownDevice
      ? await limits.deviceGuesses.admit(deviceKey(account, work.knownDevice))
      : await limits.accountGuesses.admit(account);
    if (wait > 0) throw tooManyAttempts(wait);
  }
  if (work.knownDevice || work.trusted) return;
  await consumeAttempt(limits.passwordWorkPerAccount, [`account:${account}`]);
}

/** A wrong password: the known browser's wait grows, else the account's (see admitPasswordWork). */
export async function recordWrongPassword(
  limits: AuthLimits,
  guess: { account: string; knownDevice?: string | null },
): Promise<void> {
  const account = guess.account.toLowerCase();
  if (guess.knownDevice) await limits.deviceGuesses.fail(deviceKey(account, guess.knownDevice));
  else await limits.accountGuesses.fail(account);
}

/** A known browser's key in `deviceGuesses`: its device id is only ever counted for its account. */
function deviceKey(account: string, knownDevice: string): string {
  return `${account}|${knownDevice}`;
}

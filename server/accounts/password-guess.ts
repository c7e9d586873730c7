import { clientKey } from "#server/security/client-key.ts";
import { admitPasswordWork, recordWrongPassword, tooManyAttempts, type AuthLimits } from "./auth-limits.ts";
import { knownDeviceOf, type KnownDeviceDeps } from "./known-device.ts";

/** The key a client's failed password guesses are counted under, whatever account they were at. */
export function signInClientKey(clientAddress: string): string {
  return `client:${clientKey(clientAddress)}`;
}

/**
 * Lets one guess at `account`'s password through, as sign-in and Change Password (its current
 * password) both must, so that neither is a way round the other's limits: refused while the
 * client, or the account from that client, must wait after failures; then the password budgets
 * and the account's growing delay, or this browser's own when it is known (admitPasswordWork).
 * `refused` counts a refusal against the same keys, and a wrong password against the account.
 */
export async function admitPasswordGuess(
  deps: KnownDeviceDeps & { authLimits: AuthLimits },
  input: { account: string; clientAddress: string; headers: Headers },
) {
  const { account, clientAddress } = input;
  const keys = [signInClientKey(clientAddress), `email:${account}|${clientKey(clientAddress)}`];
  const wait = Math.max(...(await Promise.all(keys.map((key) => deps.authLimits.signInFailures.peek(key)))));
  if (wait > 0) throw tooManyAttempts(wait);
  const knownDevice = await knownDeviceOf(deps, { cookieHeader: input.headers.get("cookie"), account });
  await admitPasswordWork(deps.authLimits, { clientAddress, account, guess: true, knownDevice });
  return {
    knownDevice,
    async refused({ wrongPassword }: { wrongPassword: boolean }) {
      await Promise.all(keys.map((key) => deps.authLimits.signInFailures.consume(key)));
      if (wrongPassword) await recordWrongPassword(deps.authLimits, { account, knownDevice });
    },
  };
}

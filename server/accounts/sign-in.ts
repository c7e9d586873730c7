import type { HashQueue } from "#server/security/hash-queue.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { isAdminRole } from "./admin-role.ts";
import { isAuthRefusal, setCookieHeaders } from "./auth-errors.ts";
import type { AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { newKnownDeviceCookie, type KnownDeviceDeps } from "./known-device.ts";
import { admitPasswordGuess, signInClientKey } from "./password-guess.ts";
import type { SignInInput } from "#common/accounts/password-schema.ts";
import { revokeOldestSessions } from "./revoke-oldest-sessions.ts";

const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * Email + password sign-in. The same message whether the e-mail exists or not. Failures are
 * counted per client and per e-mail from that client; every try also spends the client's and the
 * account's password budgets and waits out the account's growing delay (auth-limits.ts), or this
 * browser's own when it has signed in to the account before (known-device.ts). The answer
 * carries the session cookie and that browser's new known-device cookie; the account keeps only
 * its newest live sessions. The fields come parsed (signInSchema, at the edge).
 */
export async function signIn(
  deps: KnownDeviceDeps & { getAuth: GetAuth; authLimits: AuthLimits; hashQueue: HashQueue },
  input: SignInInput & { headers: Headers; clientAddress: string },
): Promise<{ headers: Headers; isAdmin: boolean }> {
  const { email, password } = input;
  const account = email.toLowerCase();
  const guess = await admitPasswordGuess(deps, { account, clientAddress: input.clientAddress, headers: input.headers });
  const { knownDevice } = guess;

  const auth = await deps.getAuth();
  try {
    // A known browser may take the queue's reserved places: a flood cannot turn its owner away.
    const { headers, response } = await deps.hashQueue.admit(
      () =>
        auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: authRequestHeaders(input.headers, input.clientAddress),
          returnHeaders: true,
        }),
      { reserved: knownDevice !== null },
    );
    const user = response.user as { id: string; role?: string | null };
    await revokeOldestSessions(deps, { userId: user.id });
    const answer = setCookieHeaders(headers);
    const device = await newKnownDeviceCookie(deps, account);
    if (device) answer.append("Set-Cookie", device);
    return { headers: answer, isAdmin: isAdminRole(user.role) };
  } catch (error) {
    // Only a refused password counts as a failure; a busy server (UNAVAILABLE) does not.
    if (isAuthRefusal(error)) {
      // Only a wrong password (401) makes the account wait, not e.g. a refusal after a right one.
      await guess.refused({ wrongPassword: error.statusCode === 401 });
      throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
    }
    throw error;
  }
}

/**
 * How long this client must wait before its next sign-in (0: it may try), from its own failures
 * only: a look, no count. Every failure counts under this key, so a client that must wait here
 * would be refused by signIn too; the front door (server/http/spent-sign-in-gate.ts) asks it
 * before the form is read or a page rendered, so that a refusal costs what a page view does.
 */
export async function clientSignInWait(
  deps: { authLimits: AuthLimits },
  input: { clientAddress: string },
): Promise<number> {
  return deps.authLimits.signInFailures.peek(signInClientKey(input.clientAddress));
}

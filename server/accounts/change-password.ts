import { AppError } from "#server/errors/app-error.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { isAuthRefusal, setCookieHeaders, toAppError } from "./auth-errors.ts";
import type { AuthLimits } from "./auth-limits.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { newKnownDeviceCookie, type KnownDeviceDeps } from "./known-device.ts";
import { admitPasswordGuess } from "./password-guess.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import type { ChangePasswordInput } from "#common/accounts/password-schema.ts";
import { voidResetLinks } from "./reset-links.ts";
import { resolveViewer } from "./viewer.ts";

/**
 * A signed-in user changes their password, proving the current one; other sessions end and
 * outstanding reset links are voided. A wrong current password counts like a failed sign-in
 * (same limits, same growing wait for the account or this known browser), so Change Password is
 * no way to guess it. The fields come parsed (changePasswordSchema, at the edge).
 */
export async function changePassword(
  deps: KnownDeviceDeps & { getAuth: GetAuth; authLimits: AuthLimits },
  input: ChangePasswordInput & { headers: Headers; clientAddress: string },
): Promise<{ headers: Headers }> {
  const { currentPassword } = input;
  const newPassword = assertAcceptablePassword(input.password);
  const { viewer } = await resolveViewer(deps, { headers: input.headers, clientAddress: input.clientAddress });
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please sign in to change your password.");
  const account = viewer.email.toLowerCase();
  const guess = await admitPasswordGuess(deps, { account, clientAddress: input.clientAddress, headers: input.headers });
  const auth = await deps.getAuth();
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: authRequestHeaders(input.headers, input.clientAddress),
      returnHeaders: true,
    });
    await voidResetLinks(deps, { userId: viewer.userId });
    // The new password ended this browser's cookie with every other: it gets one for the new one.
    const answer = setCookieHeaders(headers);
    const device = await newKnownDeviceCookie(deps, account);
    if (device) answer.append("Set-Cookie", device);
    return { headers: answer };
  } catch (error) {
    if (isAuthRefusal(error) && error.body?.code === "INVALID_PASSWORD") {
      await guess.refused({ wrongPassword: true });
    }
    toAppError(error, { code: "VALIDATION", message: "Your current password is not correct." });
  }
}

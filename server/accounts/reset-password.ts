import { AppError } from "#server/errors/app-error.ts";
import type { Auth } from "./auth.ts";
import { toAppError } from "./auth-errors.ts";
import { assertAcceptablePassword } from "./password-policy.ts";

/**
 * Sets a new password from an e-mailed token. Tokens are single-use and expire after an hour;
 * every session of the account ends (better-auth's revokeSessionsOnPasswordReset).
 */
export async function resetPassword(deps: { auth: Auth }, input: { token?: unknown; password?: unknown }): Promise<void> {
  const token = typeof input.token === "string" ? input.token.trim() : "";
  if (!token || token.length > 200) throw new AppError("VALIDATION", "Invalid or expired token. Please request a new link.");
  const newPassword = assertAcceptablePassword(input.password);
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Invalid or expired token. Please request a new link." });
  }
}

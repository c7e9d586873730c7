import { AppError } from "#server/errors/app-error.ts";
import type { Auth } from "./auth.ts";
import { setCookieHeaders, toAppError } from "./auth-errors.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { assertAcceptablePassword } from "./password-policy.ts";

/** A signed-in user changes their password, proving the current one; other sessions end. */
export async function changePassword(
  deps: { auth: Auth },
  input: { currentPassword?: unknown; password?: unknown },
  request: { headers: Headers; clientAddress: string },
): Promise<{ headers: Headers }> {
  const currentPassword = typeof input.currentPassword === "string" ? input.currentPassword : "";
  if (!currentPassword) {
    throw new AppError("VALIDATION", "Please enter your current password.", {
      currentPassword: "Please enter your current password.",
    });
  }
  const newPassword = assertAcceptablePassword(input.password);
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: authRequestHeaders(request.headers, request.clientAddress),
      returnHeaders: true,
    });
    return { headers: setCookieHeaders(headers) };
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "Your current password is not correct." });
  }
}

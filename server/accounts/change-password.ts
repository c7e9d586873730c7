import { AppError } from "#server/errors/app-error.ts";
import type { Auth } from "./auth.ts";
import { setCookieHeaders, toAppError } from "./auth-errors.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { changePasswordSchema } from "./password-schema.ts";

/** A signed-in user changes their password, proving the current one; other sessions end. */
export async function changePassword(
  deps: { auth: Auth },
  input: { currentPassword?: unknown; password?: unknown },
  request: { headers: Headers; clientAddress: string },
): Promise<{ headers: Headers }> {
  const parsed = changePasswordSchema.safeParse({ currentPassword: input.currentPassword ?? "", password: input.password ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("VALIDATION", issue.message, { [String(issue.path[0])]: issue.message });
  }
  const { currentPassword } = parsed.data;
  const newPassword = assertAcceptablePassword(parsed.data.password);
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

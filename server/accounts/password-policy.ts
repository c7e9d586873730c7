import { AppError } from "#server/errors/app-error.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { newPasswordSchema } from "#common/accounts/password-schema.ts";

/** Length rules plus the refusal of the most common passwords; throws VALIDATION. */
export function assertAcceptablePassword(password: unknown, field = "password"): string {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("VALIDATION", message, { [field]: message });
  }
  if (COMMON_PASSWORDS.has(parsed.data.toLowerCase())) {
    const message = "This password is too common and easy to guess. Please choose a less common one.";
    throw new AppError("VALIDATION", message, { [field]: message });
  }
  return parsed.data;
}

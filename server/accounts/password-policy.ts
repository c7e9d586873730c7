import { AppError } from "#server/errors/app-error.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/**
 * Refuses the most common passwords (VALIDATION, on the `password` field). The length rules are
 * newPasswordSchema's, checked where the form is parsed; this list is too large for a browser.
 */
export function assertAcceptablePassword(password: string): string {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    const message = "This password is too common and easy to guess. Please choose a less common one.";
    throw new AppError("VALIDATION", message, { fieldErrors: { password: message } });
  }
  return password;
}

import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits.ts";

/**
 * Length rules for a new password, shared by the forms and the server. The server also refuses
 * the most common passwords (password-policy.ts), a list too large to send to every browser.
 */
export const newPasswordSchema = z
  .string({ error: "Please enter a password." })
  .min(1, "Please enter a password.")
  .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH, `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);

export const emailSchema = emailAddressSchema();

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(PASSWORD_MAX_LENGTH, "Invalid email or password."),
});

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({ password: newPasswordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Please enter your current password." })
    .min(1, "Please enter your current password."),
  password: newPasswordSchema,
});

/** The e-mail address of a refused account form, cut to a bounded length (shown back only to its sender). */
export function typedEmail(form: FormData): string | undefined {
  const value = form.get("email");
  return typeof value === "string" ? value.slice(0, 300) : undefined;
}

// Each form's values once the action (or the CLI) parsed them: what its use case takes.
export type SignInInput = z.output<typeof signInSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

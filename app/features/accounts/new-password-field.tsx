import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/accounts/password-limits.ts";
import { FormField } from "#app/components/ui/form-field.tsx";

/** The field for choosing a password (sign-up, setup, reset, change), with the policy's limits. */
export function NewPasswordField({ label = "Password", error }: { label?: string; error?: string | undefined }) {
  return (
    <FormField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
      error={error}
    />
  );
}

import { FormField } from "#app/components/ui/form-field.tsx";

/** The e-mail address field of the account forms (sign-in, sign-up, reset link), `email` as typed before a refusal. */
export function EmailField({ email, error }: { email?: string | undefined; error?: string | undefined }) {
  return (
    <FormField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={email}
      error={error}
    />
  );
}

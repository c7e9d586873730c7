import type { AccountFormFailure } from "./account-form.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AccountForm } from "./account-form.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

/**
 * What tells the e-mail forms apart: the password schemas' schema that checks each, and its
 * password field (the one the person has, a new one, or none).
 */
const ENTRY_CHECKS = {
  signIn: { schema: "signInSchema", password: "current" },
  signUp: { schema: "signUpSchema", password: "new" },
  forgotPassword: { schema: "forgotPasswordSchema", password: null },
  setup: { schema: "signUpSchema", password: "new" },
} as const;

/** Each one's toast title (of a refusal: the form's own check's or the server's) and button. */
const ENTRY_TEXTS: Record<EntryFormKind, { failureTitle: string; submitLabel: string; busyLabel: string }> = {
  signIn: { failureTitle: "Sign in Failed", submitLabel: "Sign In", busyLabel: "Signing in..." },
  signUp: { failureTitle: "Sign up Failed", submitLabel: "Sign Up", busyLabel: "Creating account..." },
  forgotPassword: { failureTitle: "Error", submitLabel: "Send Reset Link", busyLabel: "Sending..." },
  setup: { failureTitle: "Setup failed", submitLabel: "Create Admin Account", busyLabel: "Creating..." },
};

type EntryFormKind = keyof typeof ENTRY_CHECKS;

/** What an e-mail form's island is given: what was typed before a refusal, and the refusal. */
export interface EntryFormProps {
  email?: string | undefined;
  failure?: AccountFormFailure | undefined;
}

/**
 * The one skeleton of the sign-in, sign-up, reset-link and setup forms: their hidden fields
 * (where to go afterwards, a link's token), the e-mail address and, but for the reset link, a
 * password. `form` picks the schema, the password field and the texts.
 */
export function EntryForm({
  form,
  hidden = {},
  email,
  failure,
  className,
}: EntryFormProps & {
  form: EntryFormKind;
  hidden?: Record<string, string>;
  className?: string;
}) {
  const { schema, password } = ENTRY_CHECKS[form];
  return (
    <AccountForm
      schema={(module) => module[schema]}
      failure={failure}
      {...ENTRY_TEXTS[form]}
      className={className}
      defaultValues={{ email }}
    >
      {(field) => (
        <>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormField label="Email" type="email" autoComplete="email" required {...field("email")} />
          {password === "current" ? (
            <FormField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              {...field("password")}
            />
          ) : password === "new" ? (
            <NewPasswordField error={field("password").error} />
          ) : null}
        </>
      )}
    </AccountForm>
  );
}

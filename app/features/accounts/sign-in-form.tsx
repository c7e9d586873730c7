import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { AccountForm } from "./account-form.tsx";
import { EntryFields, type EntryFormProps } from "./entry-fields.tsx";

/** Heads the toast of a refused sign-in (the form's own check, the server's, the spent-sign-in gate's). */
export const SIGN_IN_FAILED = "Sign in Failed";

/** The sign-in form; `redirectTo` is where to go afterwards, `email` what was typed before a refusal. */
function SignInFields({ redirectTo, email, failure }: EntryFormProps) {
  return (
    <AccountForm
      schema={(module) => module.signInSchema}
      failureTitle={SIGN_IN_FAILED}
      failure={failure}
      submitLabel="Sign In"
      busyLabel="Signing in..."
    >
      {(fieldErrors) => (
        <>
          <EntryFields redirectTo={redirectTo} email={email} error={fieldErrors.email} />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={fieldErrors.password}
          />
        </>
      )}
    </AccountForm>
  );
}

/** The sign-in form: an island on /login, which React Router does not hydrate. */
export const SignInForm = defineIsland("sign-in-form", SignInFields);

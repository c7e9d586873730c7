import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { EmailField } from "./email-field.tsx";
import { AccountForm, type AccountFormFailure } from "./account-form.tsx";

/** Heads the toast of a refused sign-in (the form's own check, the server's, the spent-sign-in gate's). */
export const SIGN_IN_FAILED = "Sign in Failed";

/** The sign-in form; `redirectTo` is where to go afterwards, `email` what was typed before a refusal. */
function SignInFields({
  redirectTo,
  email,
  failure,
}: {
  redirectTo: string;
  email?: string | undefined;
  failure?: AccountFormFailure | undefined;
}) {
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
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <EmailField email={email} error={fieldErrors.email} />
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

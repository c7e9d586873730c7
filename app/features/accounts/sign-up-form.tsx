import { defineIsland } from "#app/lib/island.tsx";
import { AccountForm } from "./account-form.tsx";
import { EntryFields, type EntryFormProps } from "./entry-fields.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

/** Heads the toast of a refused sign-up. */
export const SIGN_UP_FAILED = "Sign up Failed";

/** The sign-up form; `redirectTo` is where to go after signing in, `email` what was typed before a refusal. */
function SignUpFields({ redirectTo, email, failure }: EntryFormProps) {
  return (
    <AccountForm
      schema={(module) => module.signUpSchema}
      failureTitle={SIGN_UP_FAILED}
      failure={failure}
      submitLabel="Sign Up"
      busyLabel="Creating account..."
    >
      {(fieldErrors) => (
        <>
          <EntryFields redirectTo={redirectTo} email={email} error={fieldErrors.email} />
          <NewPasswordField error={fieldErrors.password} />
        </>
      )}
    </AccountForm>
  );
}

/** The sign-up form: an island on /signup, which React Router does not hydrate. */
export const SignUpForm = defineIsland("sign-up-form", SignUpFields);

import { defineIsland } from "#app/lib/island.tsx";
import { EmailField } from "./email-field.tsx";
import { AccountForm, type AccountFormFailure } from "./account-form.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

/** Heads the toast of a refused setup. */
export const SETUP_FAILED = "Setup failed";

/** The owner's first admin account; `token` is the setup link's, `email` what was typed before a refusal. */
function SetupFields({
  token,
  email,
  failure,
}: {
  token: string;
  email?: string | undefined;
  failure?: AccountFormFailure | undefined;
}) {
  return (
    <AccountForm
      schema={(module) => module.signUpSchema}
      failureTitle={SETUP_FAILED}
      failure={failure}
      submitLabel="Create Admin Account"
      busyLabel="Creating..."
    >
      {(fieldErrors) => (
        <>
          <input type="hidden" name="token" value={token} />
          <EmailField email={email} error={fieldErrors.email} />
          <NewPasswordField error={fieldErrors.password} />
        </>
      )}
    </AccountForm>
  );
}

/** The setup form: an island on /setup, which React Router does not hydrate. */
export const SetupForm = defineIsland("setup-form", SetupFields);

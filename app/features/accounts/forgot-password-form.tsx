import { defineIsland } from "#app/lib/island.tsx";
import { EmailField } from "./email-field.tsx";
import { AccountForm, type AccountFormFailure } from "./account-form.tsx";

/** Heads the toast of a refused request for a reset link. */
export const FORGOT_PASSWORD_FAILED = "Error";

/** The form that asks for a reset link; `email` is what was typed before a refusal. */
function ForgotPasswordFields({
  email,
  failure,
}: {
  email?: string | undefined;
  failure?: AccountFormFailure | undefined;
}) {
  return (
    <AccountForm
      schema={(module) => module.forgotPasswordSchema}
      failureTitle={FORGOT_PASSWORD_FAILED}
      failure={failure}
      submitLabel="Send Reset Link"
      busyLabel="Sending..."
      className="mt-4 grid gap-4"
    >
      {(fieldErrors) => <EmailField email={email} error={fieldErrors.email} />}
    </AccountForm>
  );
}

/** The reset-link form: an island on /forgot-password, which React Router does not hydrate. */
export const ForgotPasswordForm = defineIsland("forgot-password-form", ForgotPasswordFields);

import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { AccountForm, type AccountFormFailure } from "./account-form.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

/**
 * The form that sets a new password: with an e-mailed link's `token`, or (`changing`) a
 * signed-in person's, who types the current password too.
 */
function ResetPasswordFields({
  changing,
  token,
  failure,
}: {
  changing: boolean;
  token: string;
  failure?: AccountFormFailure | undefined;
}) {
  return (
    <AccountForm
      schema={(module) => (changing ? module.changePasswordSchema : module.resetPasswordSchema)}
      failureTitle="Error"
      failure={failure}
      submitLabel={changing ? "Change Password" : "Reset Password"}
      busyLabel="Saving..."
    >
      {(field) => (
        <>
          {changing ? (
            <FormField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...field("currentPassword")}
            />
          ) : (
            <input type="hidden" name="token" value={token} />
          )}
          <NewPasswordField label="New password" error={field("password").error} />
        </>
      )}
    </AccountForm>
  );
}

/** The new-password form: an island on /reset-password, which React Router does not hydrate. */
export const ResetPasswordForm = defineIsland("reset-password-form", ResetPasswordFields);

import { defineIsland } from "#app/lib/island.tsx";
import { EntryForm, type EntryFormProps } from "./entry-form.tsx";

/** The form that asks for a reset link; `email` is what was typed before a refusal. */
function ForgotPasswordFields(props: EntryFormProps) {
  return <EntryForm form="forgotPassword" className="mt-4 grid gap-4" {...props} />;
}

/** The reset-link form: an island on /forgot-password, which React Router does not hydrate. */
export const ForgotPasswordForm = defineIsland("forgot-password-form", ForgotPasswordFields);

import { defineIsland } from "#app/lib/island.tsx";
import { EntryForm, type EntryFormProps } from "./entry-form.tsx";

/** The sign-up form; `redirectTo` is where to go after signing in, `email` what was typed before a refusal. */
function SignUpFields({ redirectTo, ...props }: EntryFormProps & { redirectTo: string }) {
  return <EntryForm form="signUp" hidden={{ redirectTo }} {...props} />;
}

/** The sign-up form: an island on /signup, which React Router does not hydrate. */
export const SignUpForm = defineIsland("sign-up-form", SignUpFields);

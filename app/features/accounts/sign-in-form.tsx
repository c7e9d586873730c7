import { defineIsland } from "#app/lib/island.tsx";
import { EntryForm, type EntryFormProps } from "./entry-form.tsx";

/** The sign-in form; `redirectTo` is where to go afterwards, `email` what was typed before a refusal. */
function SignInFields({ redirectTo, ...props }: EntryFormProps & { redirectTo: string }) {
  return <EntryForm form="signIn" hidden={{ redirectTo }} {...props} />;
}

/** The sign-in form: an island on /login, which React Router does not hydrate. */
export const SignInForm = defineIsland("sign-in-form", SignInFields);

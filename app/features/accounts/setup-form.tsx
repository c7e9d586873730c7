import { defineIsland } from "#app/lib/island.tsx";
import { EntryForm, type EntryFormProps } from "./entry-form.tsx";

/** The owner's first admin account; `token` is the setup link's, `email` what was typed before a refusal. */
function SetupFields({ token, ...props }: EntryFormProps & { token: string }) {
  return <EntryForm form="setup" hidden={{ token }} {...props} />;
}

/** The setup form: an island on /setup, which React Router does not hydrate. */
export const SetupForm = defineIsland("setup-form", SetupFields);

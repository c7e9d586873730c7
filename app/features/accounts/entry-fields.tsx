import type { AccountFormFailure } from "./account-form.tsx";
import { EmailField } from "./email-field.tsx";

/** What the sign-in and sign-up forms are given: where to go afterwards, what was typed before a refusal, the refusal. */
export interface EntryFormProps {
  redirectTo: string;
  email?: string | undefined;
  failure?: AccountFormFailure | undefined;
}

/** The fields sign-in and sign-up start with: where to go afterwards (hidden), and the e-mail. */
export function EntryFields({
  redirectTo,
  email,
  error,
}: {
  redirectTo: string;
  email: string | undefined;
  error: string | undefined;
}) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField email={email} error={error} />
    </>
  );
}

import type { Profile } from "#server/accounts/profile.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { AccountForm, type AccountFormFailure } from "./account-form.tsx";
import { lazyCheck } from "#app/components/forms/lazy-check.ts";

/** Heads the toast of a refused profile (the form's own check or the server's). */
export const UPDATE_FAILED = "Error updating profile";

/** The profile's check (zod), fetched when the form is first sent, as the other account forms do. */
const loadProfileCheck = lazyCheck(() => import("#common/accounts/profile-schema.ts"));

/** What the profile's fields show: the stored profile, or what was typed before a refusal. */
export type ProfileValues = { [Field in keyof Profile]: string };

/** The Edit Profile form: the account's address (not editable) and the profile's fields. */
function ProfileFields({
  email,
  values,
  failure,
}: {
  email: string;
  values: ProfileValues;
  failure?: AccountFormFailure | undefined;
}) {
  return (
    <AccountForm
      load={loadProfileCheck}
      schema={(module) => module.profileSchema}
      failureTitle={UPDATE_FAILED}
      failure={failure}
      submitLabel="Update Profile"
      busyLabel="Saving..."
      defaultValues={values}
    >
      {(field) => (
        <>
          <FormField label="Email" name="email" type="email" value={email} disabled readOnly />
          <FormField label="Full name" autoComplete="name" {...field("fullName")} />
          <FormField label="Username" autoComplete="username" {...field("username")} />
          <FormField label="Website" type="url" autoComplete="url" placeholder="https://" {...field("website")} />
        </>
      )}
    </AccountForm>
  );
}

/** The profile form: an island on /edit-profile, which React Router does not hydrate. */
export const ProfileForm = defineIsland("profile-form", ProfileFields);

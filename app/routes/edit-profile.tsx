import { parseForm } from "#server/http/read-form.ts";
import { Form, useNavigation } from "react-router";
import { requireViewer } from "#server/http/guards.ts";
import { getProfile, updateProfile } from "#server/accounts/profile.ts";
import { profileSchema } from "#common/accounts/profile-schema.ts";
import { runAction } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/edit-profile";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: "Edit Profile", description: "Your details." }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, profile: await getProfile(context.services, { userId: viewer.userId }) };
}

const UPDATE_FAILED = "Error updating profile";

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  return runAction(
    context.services,
    async () => ({
      profile: await updateProfile(context.services, {
        userId: viewer.userId,
        profile: await parseForm(request, profileSchema),
      }),
      savedAt: Date.now(),
    }),
    {
      success: { title: "Profile updated!", description: "Your information has been successfully saved." },
      failureTitle: UPDATE_FAILED,
    },
  );
}

export default function EditProfile({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { fieldErrors, formProps } = useRouteForm({ schema: profileSchema, failureTitle: UPDATE_FAILED });
  const { profile } = loaderData;
  return (
    <AuthCard title="Edit Profile" intro="Tell us a little about yourself.">
      <Form {...formProps} method="post" className="grid gap-4">
        <FormField label="Email" name="email" type="email" value={loaderData.email} disabled readOnly />
        <FormField
          label="Full name"
          name="fullName"
          autoComplete="name"
          defaultValue={profile.fullName ?? ""}
          error={fieldErrors.fullName}
        />
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          defaultValue={profile.username ?? ""}
          error={fieldErrors.username}
        />
        <FormField
          label="Website"
          name="website"
          type="url"
          autoComplete="url"
          placeholder="https://"
          defaultValue={profile.website ?? ""}
          error={fieldErrors.website}
        />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? "Saving..." : "Update Profile"}
        </button>
      </Form>
    </AuthCard>
  );
}

import { data } from "react-router";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { requireViewer } from "#server/http/guards.ts";
import { getProfile, updateProfile } from "#server/accounts/profile.ts";
import { profileSchema } from "#common/accounts/profile-schema.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { ProfileForm, type ProfileValues } from "#app/features/accounts/profile-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/edit-profile";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Edit Profile", description: "Your details.", noindex: true });
}

/** An island page (decision 21): only the form and the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, profile: await getProfile(context.services, { userId: viewer.userId }) };
}

/**
 * Saves the profile and redirects back here with the "Profile updated!" toast. A refusal renders
 * the page again with it and what was typed (the form's island toasts it: no flash cookie).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const { services } = context;
  const submitted = await readForm(request);
  const answer = await runAction(services, async () => {
    await updateProfile(services, { userId: viewer.userId, profile: parseFields(submitted, profileSchema) });
    return {};
  });
  if (answer.data.ok) {
    throw redirectWithToast(services, "/edit-profile", {
      title: "Profile updated!",
      description: "Your information has been successfully saved.",
    });
  }
  return data({ ...answer.data, values: profileEcho(submitted) }, answer.init ?? undefined);
}

/** The posted text of each field, to fill the form again after a refusal. */
function profileEcho(form: FormData): ProfileValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { fullName: text("fullName"), username: text("username"), website: text("website") };
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const failure = actionData && !actionData.ok ? actionData.error : undefined;
  const values = actionData?.values ?? {
    fullName: profile.fullName ?? "",
    username: profile.username ?? "",
    website: profile.website ?? "",
  };
  return (
    <AuthCard title="Edit Profile" intro="Tell us a little about yourself.">
      <ProfileForm email={loaderData.email} values={values} failure={failure} />
    </AuthCard>
  );
}

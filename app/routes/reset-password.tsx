import { parseFields, readForm } from "#server/http/read-form.ts";
import { z } from "zod";
import { redirect } from "react-router";
import { changePassword } from "#server/accounts/change-password.ts";
import { changePasswordSchema, resetPasswordSchema } from "#common/accounts/password-schema.ts";
import { resetPassword } from "#server/accounts/reset-password.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { ResetPasswordForm } from "#app/features/accounts/reset-password-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/reset-password";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Reset Password",
      description: "Choose a new password for your account.",
      noindex: true,
    }),
    TOKEN_IN_ADDRESS_REFERRER,
  ];
}

/** An island page (decision 21): only the form and the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** With a token: set a new password. Signed in without a token: change it ("Change Password"). */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const mode = token ? ("token" as const) : context.viewer ? ("change" as const) : ("no-token" as const);
  return { mode, token: token ?? "" };
}

/** The e-mailed link's form: its token beside the new password. */
const resetPasswordFormSchema = resetPasswordSchema.extend({ token: z.string() });

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await readForm(request);
  // The token chooses the use case, as an intent would: with one, the form is an e-mailed link's.
  if (form.get("token")) {
    const answer = await runAction(services, async () => {
      const { token, password } = parseFields(form, resetPasswordFormSchema);
      return resetPassword(services, { token, password, clientAddress });
    });
    if (answer.data.ok) throw redirectWithToast(services, "/login", "password-reset", { headers: answer.data.headers });
    return answer;
  }
  if (!context.viewer) throw redirect("/login?redirectTo=%2Freset-password");
  const answer = await runAction(services, async () => {
    const { currentPassword, password } = parseFields(form, changePasswordSchema);
    return changePassword(services, { currentPassword, password, headers: request.headers, clientAddress });
  });
  if (answer.data.ok) {
    throw redirectWithToast(services, "/account", "password-changed", { headers: answer.data.headers });
  }
  return answer;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const changing = loaderData.mode === "change";
  if (loaderData.mode === "no-token") {
    return (
      <AuthCard title="Reset Password">
        <p className="text-gray-700">
          To choose a new password, open the link we e-mailed you. Links work for one hour and only once.
        </p>
        <a href="/forgot-password" className={`${buttonStyles.primary} mt-6 w-full`}>
          Send me a new link
        </a>
      </AuthCard>
    );
  }

  const failure = actionData && !actionData.ok ? actionData.error : undefined;
  // A problem with the token (not with a field) is shown as red text above the form too.
  const formError = failure && !failure.fieldErrors ? failure.message : null;
  return (
    <AuthCard
      title={changing ? "Change Password" : "Reset Password"}
      intro={changing ? "Enter your current password and choose a new one." : "Choose a new password for your account."}
    >
      {formError ? (
        <p role="alert" className="mb-4 font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <ResetPasswordForm changing={changing} token={loaderData.token} failure={failure} />
    </AuthCard>
  );
}

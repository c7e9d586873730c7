import { parseFields, readForm } from "#server/http/read-form.ts";
import { z } from "zod";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { changePassword } from "#server/accounts/change-password.ts";
import { changePasswordSchema, resetPasswordSchema } from "#common/accounts/password-schema.ts";
import { resetPassword } from "#server/accounts/reset-password.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { NewPasswordField } from "#app/features/accounts/new-password-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { pageMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/reset-password";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: "Reset Password", description: "Choose a new password for your account." }),
    { name: "robots", content: "noindex" },
    TOKEN_IN_ADDRESS_REFERRER,
  ];
}

/** With a token: set a new password. Signed in without a token: change it ("Change Password"). */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { mode: token ? ("token" as const) : context.viewer ? ("change" as const) : ("no-token" as const) };
}

/** The e-mailed link's form: its token beside the new password. */
const resetPasswordFormSchema = resetPasswordSchema.extend({ token: z.string() });

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await readForm(request);
  // The token chooses the use case, as an intent would: with one, the form is an e-mailed link's.
  if (form.get("token")) {
    const answer = await runAction(
      services,
      async () => {
        const { token, password } = parseFields(form, resetPasswordFormSchema);
        return resetPassword(services, { token, password, clientAddress });
      },
      { failureTitle: "Error" },
    );
    if (answer.data.ok) throw redirectWithToast(services, "/login", "password-reset", { headers: answer.data.headers });
    return answer;
  }
  if (!context.viewer) throw redirect("/login?redirectTo=%2Freset-password");
  const answer = await runAction(
    services,
    async () => {
      const { currentPassword, password } = parseFields(form, changePasswordSchema);
      return changePassword(services, { currentPassword, password, headers: request.headers, clientAddress });
    },
    { failureTitle: "Error" },
  );
  if (answer.data.ok) {
    throw redirectWithToast(services, "/account", "password-changed", { headers: answer.data.headers });
  }
  return answer;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const changing = loaderData.mode === "change";
  const { fieldErrors, formProps } = useRouteForm({
    schema: changing ? changePasswordSchema : resetPasswordSchema,
    failureTitle: "Error",
  });

  if (loaderData.mode === "no-token") {
    return (
      <AuthCard title="Reset Password">
        <p className="text-gray-700">
          To choose a new password, open the link we e-mailed you. Links work for one hour and only once.
        </p>
        <Link to="/forgot-password" className={`${buttonStyles.primary} mt-6 w-full`}>
          Send me a new link
        </Link>
      </AuthCard>
    );
  }

  // A problem with the token (not with a field) is shown as red text above the form too.
  const formError = actionData && !actionData.ok && !actionData.error.fieldErrors ? actionData.error.message : null;
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
      <Form method="post" {...formProps} className="grid gap-4">
        {changing ? (
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={fieldErrors.currentPassword}
          />
        ) : (
          <input type="hidden" name="token" value={params.get("token") ?? ""} />
        )}
        <NewPasswordField label="New password" error={fieldErrors.password} />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? "Saving..." : changing ? "Change Password" : "Reset Password"}
        </button>
      </Form>
    </AuthCard>
  );
}

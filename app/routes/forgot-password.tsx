import { parseForm } from "#server/http/read-form.ts";
import { Form, Link, useNavigation } from "react-router";
import { forgotPasswordSchema } from "#common/accounts/password-schema.ts";
import { requestPasswordReset } from "#server/accounts/request-password-reset.ts";
import { runAction } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Forgot Password", description: "Get a link to choose a new password." });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  return runAction(
    services,
    async () => {
      const { email } = await parseForm(request, forgotPasswordSchema);
      await requestPasswordReset(services, { email, headers: request.headers, clientAddress });
      return { sentAt: Date.now() };
    },
    {
      success: { title: "Password reset link sent!", description: "Check your email for a password reset link." },
      failureTitle: "Error",
    },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { fieldErrors, formProps } = useRouteForm({ schema: forgotPasswordSchema, failureTitle: "Error" });
  const sent = actionData?.ok === true;
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Back to login
          </Link>
        </p>
      }
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
          Check your email for a password reset link. If an account uses that address, the link arrives within a few
          minutes and works for one hour.
        </p>
      ) : null}
      <Form {...formProps} method="post" className="mt-4 grid gap-4">
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </Form>
    </AuthCard>
  );
}

import { parseForm } from "#server/http/read-form.ts";
import { z } from "zod";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { signUpSchema } from "#common/accounts/password-schema.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { NewPasswordField } from "#app/features/accounts/new-password-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/signup";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Sign Up",
    description: "Create your account to see your orders and save your details.",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/account");
  return null;
}

const SIGN_UP_FAILED = "Sign up Failed";

/** The form posts where to go after signing in beside the sign-up fields. */
const signUpFormSchema = signUpSchema.extend({ redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const answer = await runAction(
    services,
    async () => {
      const { email, password, redirectTo } = await parseForm(request, signUpFormSchema);
      await signUp(services, { email, password, headers: request.headers, clientAddress });
      return { redirectTo };
    },
    { failureTitle: SIGN_UP_FAILED },
  );
  if (answer.data.ok) {
    const { redirectTo } = answer.data;
    throw redirectWithToast(
      services,
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login",
      "account-created",
    );
  }
  return answer;
}

export default function Signup() {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const { fieldErrors, formProps } = useRouteForm({ schema: signUpSchema, failureTitle: SIGN_UP_FAILED });
  return (
    <AuthCard
      title="Create an Account"
      intro="Join our community of families, churches and schools."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </p>
      }
    >
      <Form {...formProps} method="post" className="grid gap-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <NewPasswordField error={fieldErrors.password} />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? "Creating account..." : "Sign Up"}
        </button>
      </Form>
    </AuthCard>
  );
}

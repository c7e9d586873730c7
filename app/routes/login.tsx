import { parseForm } from "#server/http/read-form.ts";
import { z } from "zod";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { safeRedirectTarget } from "#server/http/guards.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signInSchema } from "#common/accounts/password-schema.ts";
import { runAction } from "#server/http/action-result.ts";
import { leadsToAdmin } from "#server/http/route-path.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/login";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: "Login", description: "Sign in to your account." }),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) {
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(context.viewer.isAdmin ? "/admin" : safeRedirectTarget(redirectTo, "/account"));
  }
  return null;
}

const SIGN_IN_FAILED = "Sign in Failed";

/** The form posts where to go afterwards beside the sign-in fields. */
const signInFormSchema = signInSchema.extend({ redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const answer = await runAction(
    services,
    async () => {
      const { email, password, redirectTo } = await parseForm(request, signInFormSchema);
      const { headers, isAdmin } = await signIn(services, { email, password, headers: request.headers, clientAddress });
      return { headers, isAdmin, redirectTo };
    },
    { failureTitle: SIGN_IN_FAILED },
  );
  const result = answer.data;
  if (result.ok) {
    // Admins go to the dashboard; everyone else back where they came from (never into /admin).
    const target = safeRedirectTarget(result.redirectTo);
    const customerTarget = leadsToAdmin(target) ? "/account" : target;
    throw redirectWithToast(services, result.isAdmin ? "/admin" : customerTarget, "signed-in", {
      headers: result.headers,
    });
  }
  return answer;
}

export default function Login() {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { fieldErrors, formProps } = useRouteForm({ schema: signInSchema, failureTitle: SIGN_IN_FAILED });
  const redirectTo = params.get("redirectTo") ?? "";
  const signupLink = redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup";

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in to your account."
      footer={
        <>
          <p>
            Don&apos;t have an account?{" "}
            <Link to={signupLink} className="font-semibold text-brand-700 underline">
              Sign up
            </Link>
          </p>
          <p>
            <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
              Forgot your password?
            </Link>
          </p>
        </>
      }
    >
      <Form {...formProps} method="post" className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? "Signing in..." : "Sign In"}
        </button>
      </Form>
    </AuthCard>
  );
}

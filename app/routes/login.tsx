import { parseFields } from "#server/http/read-form.ts";
import { z } from "zod";
import { redirect, useSearchParams } from "react-router";
import { safeRedirectTarget } from "#server/http/guards.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signInSchema } from "#common/accounts/password-schema.ts";
import { accountFormAction } from "#server/http/account-form-action.ts";
import { leadsToAdmin } from "#server/http/route-path.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { AuthCard, AuthLink } from "#app/features/accounts/auth-card.tsx";
import { SignInForm } from "#app/features/accounts/sign-in-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { withRedirectTo } from "#common/pages/redirect-to.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/login";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Login", description: "Sign in to your account.", noindex: true });
}

/**
 * An island page (decision 21): only the form and the site's islands are hydrated. The form posts
 * as a document; signing in leads to pages React Router hydrates (a document load).
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) {
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(context.viewer.isAdmin ? "/admin" : safeRedirectTarget(redirectTo, "/account"));
  }
  return null;
}

/** The form posts where to go afterwards beside the sign-in fields. */
const signInFormSchema = signInSchema.extend({ redirectTo: z.string().optional() });

/**
 * Signs in and redirects (with the "signed-in" toast): admins to the dashboard, everyone else back
 * where they came from. A refusal renders the page again with it and the typed e-mail address.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  return accountFormAction(
    { request, context },
    async (form) => {
      const { email, password, redirectTo } = parseFields(form, signInFormSchema);
      const { headers, isAdmin } = await signIn(services, { email, password, headers: request.headers, clientAddress });
      return { headers, isAdmin, redirectTo };
    },
    (result) => {
      // Admins go to the dashboard; everyone else back where they came from (never into /admin).
      const target = safeRedirectTarget(result.redirectTo);
      const customerTarget = leadsToAdmin(target) ? "/account" : target;
      return redirectWithToast(services, result.isAdmin ? "/admin" : customerTarget, "signed-in", {
        headers: result.headers,
      });
    },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const failure = refusalOf(actionData);

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in to your account."
      footer={
        <>
          <AuthLink question="Don't have an account?" href={withRedirectTo("/signup", redirectTo)}>
            Sign up
          </AuthLink>
          <AuthLink href="/forgot-password">Forgot your password?</AuthLink>
        </>
      }
    >
      <SignInForm redirectTo={redirectTo} email={actionData?.email} failure={failure} />
    </AuthCard>
  );
}

import { parseFields } from "#server/http/read-form.ts";
import { z } from "zod";
import { redirect, useSearchParams } from "react-router";
import { signUpSchema } from "#common/accounts/password-schema.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { accountFormAction } from "#server/http/account-form-action.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { AuthCard, AuthLink } from "#app/features/accounts/auth-card.tsx";
import { SignUpForm } from "#app/features/accounts/sign-up-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { withRedirectTo } from "#common/pages/redirect-to.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/signup";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Sign Up",
    description: "Create your account to see your orders and save your details.",
  });
}

/** An island page (decision 21): only the form and the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/account");
  return null;
}

/** The form posts where to go after signing in beside the sign-up fields. */
const signUpFormSchema = signUpSchema.extend({ redirectTo: z.string().optional() });

/**
 * Creates the account and redirects to the sign-in page (with the "account-created" toast). A
 * refusal renders the page again with it and the typed e-mail address.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  return accountFormAction(
    { request, context },
    async (form) => {
      const { email, password, redirectTo } = parseFields(form, signUpFormSchema);
      await signUp(services, { email, password, headers: request.headers, clientAddress });
      return { redirectTo };
    },
    ({ redirectTo }) => redirectWithToast(services, withRedirectTo("/login", redirectTo), "account-created"),
  );
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const failure = refusalOf(actionData);
  return (
    <AuthCard
      title="Create an Account"
      intro="Join our community of families, churches and schools."
      footer={
        <AuthLink question="Already have an account?" href={withRedirectTo("/login", redirectTo)}>
          Sign in
        </AuthLink>
      }
    >
      <SignUpForm redirectTo={redirectTo} email={actionData?.email} failure={failure} />
    </AuthCard>
  );
}

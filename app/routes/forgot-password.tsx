import { useSearchParams } from "react-router";
import { forgotPasswordSchema } from "#common/accounts/password-schema.ts";
import { requestPasswordReset } from "#server/accounts/request-password-reset.ts";
import { accountFormAction } from "#server/http/account-form-action.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { parseFields } from "#server/http/read-form.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { AuthCard, AuthLink } from "#app/features/accounts/auth-card.tsx";
import { ForgotPasswordForm } from "#app/features/accounts/forgot-password-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Forgot Password", description: "Get a link to choose a new password." });
}

/** An island page (decision 21): only the form and the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** Nothing to load; without a server loader React Router would leave the page out of its render. */
export function loader() {
  return null;
}

/** Where a sent link leads: this page again, saying so (a reload posts nothing twice). */
const SENT = "/forgot-password?sent=1";

/**
 * E-mails a reset link (when an account uses the address; the answer does not say) and redirects
 * back here with a toast. A refusal renders the page again with it and the typed e-mail address.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  return accountFormAction(
    { request, context },
    async (form) => {
      const { email } = parseFields(form, forgotPasswordSchema);
      await requestPasswordReset(services, { email, headers: request.headers, clientAddress });
      return {};
    },
    () =>
      redirectWithToast(services, SENT, {
        title: "Password reset link sent!",
        description: "Check your email for a password reset link.",
      }),
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const sent = params.get("sent") === "1" && !actionData;
  const failure = refusalOf(actionData);
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <AuthLink question="Remembered it?" href="/login">
          Back to login
        </AuthLink>
      }
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
          Check your email for a password reset link. If an account uses that address, the link arrives within a few
          minutes and works for one hour.
        </p>
      ) : null}
      <ForgotPasswordForm email={actionData?.email} failure={failure} />
    </AuthCard>
  );
}

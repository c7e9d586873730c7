import { parseFields } from "#server/http/read-form.ts";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { createAdminAccount } from "#server/accounts/create-admin-account.ts";
import { signUpSchema } from "#common/accounts/password-schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { accountFormAction } from "#server/http/account-form-action.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { SetupForm } from "#app/features/accounts/setup-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import type { Route } from "./+types/setup";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import { noindexMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";

export function meta() {
  return [...noindexMeta("Create the admin account"), TOKEN_IN_ADDRESS_REFERRER];
}

/** An island page (decision 21): only the form and the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** The owner's first admin account, through the one-time link `npm start` prints. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { valid: await context.services.ownerSetup.accepts(token) };
}

const LINK_USED = "This setup link is no longer valid: it was used, it expired, or an admin account already exists.";

/** The link's token, posted beside the fields; a missing one is a link that is not valid. */
const setupLinkSchema = z.object({ token: z.string().optional() });

/**
 * Creates the admin account and redirects to the sign-in page (with the "admin-created" toast). A
 * refusal renders the page again with it and the typed e-mail address (the form's island toasts
 * it: no flash cookie).
 */
export function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return accountFormAction(
    { request, context },
    async (form) => {
      // The link's token first: a used link is refused whatever the fields say.
      const { token } = parseFields(form, setupLinkSchema);
      if (!(await services.ownerSetup.accepts(token))) throw new AppError("FORBIDDEN", LINK_USED);
      const { email, password } = parseFields(form, signUpSchema);
      // Spent only once the fields are good, so a typo does not cost the owner the link.
      return createAdminAccount(services, {
        email,
        password,
        spendLink: async () => {
          if (!(await services.ownerSetup.spend(token))) throw new AppError("FORBIDDEN", LINK_USED);
        },
      });
    },
    () => redirectWithToast(services, "/login", "admin-created"),
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (!loaderData.valid) {
    return (
      <AuthCard title="Setup link not valid">
        <p className="text-gray-700">
          This link does not work (any more): it was used, it expired, or an admin account already exists. Sign in, ask
          an admin to grant you the admin role, or, on the server, run <code>npm run admin -- setup-link</code> for a
          new link while no admin exists.
        </p>
      </AuthCard>
    );
  }
  const failure = refusalOf(actionData);
  return (
    <AuthCard
      title="Create the admin account"
      intro="This account will manage the shop: books, orders, customers and settings."
    >
      <SetupForm token={params.get("token") ?? ""} email={actionData?.email} failure={failure} />
    </AuthCard>
  );
}

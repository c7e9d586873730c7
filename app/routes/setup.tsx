import { parseFields, readForm } from "#server/http/read-form.ts";
import { Form, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { createAdminAccount } from "#server/accounts/create-admin-account.ts";
import { signUpSchema } from "#common/accounts/password-schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { NewPasswordField } from "#app/features/accounts/new-password-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import type { Route } from "./+types/setup";
import { TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";

export function meta() {
  return [{ title: "Create the admin account" }, { name: "robots", content: "noindex" }, TOKEN_IN_ADDRESS_REFERRER];
}

/** The owner's first admin account, through the one-time link `npm start` prints. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { valid: await context.services.ownerSetup.accepts(token) };
}

const SETUP_FAILED = "Setup failed";
const LINK_USED = "This setup link is no longer valid: it was used, it expired, or an admin account already exists.";

/** The link's token, posted beside the fields; a missing one is a link that is not valid. */
const setupLinkSchema = z.object({ token: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await readForm(request);
  const answer = await runAction(
    services,
    async () => {
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
    { failureTitle: SETUP_FAILED },
  );
  if (answer.data.ok) throw redirectWithToast(services, "/login", "admin-created");
  return answer;
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { fieldErrors, formProps } = useRouteForm({ schema: signUpSchema, failureTitle: SETUP_FAILED });
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
  return (
    <AuthCard
      title="Create the admin account"
      intro="This account will manage the shop: books, orders, customers and settings."
    >
      <Form {...formProps} method="post" className="grid gap-4">
        <input type="hidden" name="token" value={params.get("token") ?? ""} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <NewPasswordField error={fieldErrors.password} />
        <button type="submit" disabled={navigation.state === "submitting"} className={buttonStyles.primary}>
          {navigation.state === "submitting" ? "Creating..." : "Create Admin Account"}
        </button>
      </Form>
    </AuthCard>
  );
}

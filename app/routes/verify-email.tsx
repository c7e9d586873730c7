import { parseFields, readForm } from "#server/http/read-form.ts";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { requireViewer } from "#server/http/guards.ts";
import { INVALID_LINK, verifyEmail } from "#server/accounts/verify-email.ts";
import { runAction } from "#server/http/action-result.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { PostButtonIsland } from "#app/components/forms/post-button.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/verify-email";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Confirm your e-mail address",
      description: "Confirm the e-mail address of your account.",
      noindex: true,
    }),
    TOKEN_IN_ADDRESS_REFERRER,
  ];
}

/** An island page (decision 21): the button is an island that posts as a document. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * The page the verification e-mail links to. Opening it changes nothing (mail scanners fetch
 * links); the signed-in account's owner presses the button, which posts the token.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const hasToken = Boolean(new URL(request.url).searchParams.get("token"));
  return { email: viewer.email, alreadyVerified: viewer.emailVerified, hasToken };
}

/** The button's form: the link's token. A missing or odd one is the same invalid link. */
const verifyEmailFormSchema = z.object({
  token: z.string(INVALID_LINK).trim().min(1, INVALID_LINK).max(2000, INVALID_LINK),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const viewer = requireViewer(context, request);
  const form = await readForm(request);
  return runAction(services, async () => {
    await verifyEmail(services, { viewer, token: parseFields(form, verifyEmailFormSchema).token });
    return {};
  });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const toAccount = (
    <a href="/account" className={`${buttonStyles.primary} mt-6 w-full`}>
      Go to My Account
    </a>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title="E-mail address confirmed">
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
          Thank you! Your e-mail address is confirmed. Orders placed with it now appear in your order history.
        </p>
        {toAccount}
      </AuthCard>
    );
  }
  if (loaderData.alreadyVerified) {
    return (
      <AuthCard title="E-mail address confirmed">
        <p className="text-gray-700">Your e-mail address is already confirmed. There is nothing more to do.</p>
        {toAccount}
      </AuthCard>
    );
  }
  const error = actionData && !actionData.ok ? actionData.error.message : null;
  // A refused post says why, even one sent from an address without the link's token.
  if (!loaderData.hasToken && !error) {
    return (
      <AuthCard title="Confirm your e-mail address">
        <p className="text-gray-700">
          To confirm your address, open the link we e-mailed you. Links work for 24 hours; you can ask for a new one on
          your account page.
        </p>
        {toAccount}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your e-mail address"
      intro={
        <>
          Press the button to confirm that <strong className="break-all text-ink">{loaderData.email}</strong> is your
          address.
        </>
      }
    >
      {error ? (
        <div role="alert" className="mb-4 font-medium text-red-700">
          <p>{error}</p>
          <a href="/account" className="mt-2 inline-block font-semibold text-brand-700 underline">
            Go to My Account
          </a>
        </div>
      ) : null}
      <PostButtonIsland
        fields={{ token: params.get("token") ?? "" }}
        label="Verify my e-mail address"
        busyLabel="Verifying..."
        className="grid gap-4"
        buttonClassName={buttonStyles.primary}
      />
    </AuthCard>
  );
}

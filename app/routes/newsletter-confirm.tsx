import { useSearchParams } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { newsletterLinkAction, newsletterLinkLoader } from "#server/http/newsletter-link-route.ts";
import { confirmSubscription, INVALID_CONFIRM_LINK } from "#server/subscribers/confirm-subscription.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { NewsletterLinkPage } from "#app/features/subscribers/newsletter-link-page.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import type { Route } from "./+types/newsletter-confirm";
import { noindexMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";

export function meta() {
  return [...noindexMeta("Confirm your subscription"), TOKEN_IN_ADDRESS_REFERRER];
}

/** An island page (decision 21): its button is an island that posts as a document. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ request }: Route.LoaderArgs) {
  return newsletterLinkLoader(request, INVALID_CONFIRM_LINK);
}

/** POST /newsletter/confirm?token=…: the button of the page confirms the subscription. */
export function action(args: Route.ActionArgs) {
  return newsletterLinkAction(args, confirmSubscription);
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <NewsletterLinkPage
      token={params.get("token") ?? ""}
      result={actionData as ActionResult | undefined}
      title="Confirm your subscription"
      intro="One last step: confirm that you want our newsletter at this address."
      buttonLabel="Confirm my subscription"
      busyLabel="Confirming..."
      missingTokenMessage={loaderData.missingTokenMessage}
      successTitle="Subscription confirmed"
      successText="Thank you for joining our community! Our newsletter will come to this address. Every e-mail has a link to unsubscribe."
    />
  );
}

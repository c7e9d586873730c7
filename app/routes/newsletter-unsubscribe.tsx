import { useSearchParams } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { newsletterLinkAction, newsletterLinkLoader } from "#server/http/newsletter-link-route.ts";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribe } from "#server/subscribers/unsubscribe.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { NewsletterLinkPage } from "#app/features/subscribers/newsletter-link-page.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import type { Route } from "./+types/newsletter-unsubscribe";
import { noindexMeta, TOKEN_IN_ADDRESS_REFERRER } from "#app/lib/page-meta.ts";

export function meta() {
  return [...noindexMeta("Unsubscribe"), TOKEN_IN_ADDRESS_REFERRER];
}

/** An island page (decision 21): its button is an island that posts as a document. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ request }: Route.LoaderArgs) {
  return newsletterLinkLoader(request, INVALID_UNSUBSCRIBE_LINK);
}

/**
 * POST /newsletter/unsubscribe?token=…: the page's button (token in the form), or a mail client's
 * RFC 8058 one-click request (body `List-Unsubscribe=One-Click`, token in the link's query
 * string, no Origin header: the link itself is the proof).
 */
export function action(args: Route.ActionArgs) {
  return newsletterLinkAction(args, unsubscribe);
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <NewsletterLinkPage
      token={params.get("token") ?? ""}
      result={actionData as ActionResult | undefined}
      title="Unsubscribe"
      intro="Stop receiving our newsletter at this address?"
      buttonLabel="Unsubscribe"
      busyLabel="Unsubscribing..."
      missingTokenMessage={loaderData.missingTokenMessage}
      successTitle="You are unsubscribed"
      successText="This address is no longer on our list: you will receive no more newsletters from us. You can subscribe again at any time."
    />
  );
}

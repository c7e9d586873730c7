import type { AppLoadContext } from "react-router";
import type { AppServices } from "#server/services.ts";
import { newsletterLinkFormSchema, newsletterLinkToken } from "#server/subscribers/subscriber-token.ts";
import { runAction } from "./action-result.ts";
import { parseForm } from "./read-form.ts";

/**
 * A newsletter link page's loader (confirm, unsubscribe): without a token there is nothing to do,
 * so the page says `invalidLinkMessage` at once (server-side, where the message lives).
 */
export function newsletterLinkLoader(request: Request, invalidLinkMessage: string) {
  return { missingTokenMessage: new URL(request.url).searchParams.get("token") ? "" : invalidLinkMessage };
}

/**
 * A newsletter link page's post: the page's button (token in the form) or a mail client's
 * one-click request (token in the address); the use case judges the token inside runAction.
 */
export function newsletterLinkAction(
  { request, context }: { request: Request; context: AppLoadContext },
  useCase: (services: AppServices, input: { token: string | null }) => Promise<unknown>,
) {
  const { services } = context;
  return runAction(services, async () => {
    const form = await parseForm(request, newsletterLinkFormSchema);
    await useCase(services, { token: newsletterLinkToken(form, request) });
    return {};
  });
}

import { parseFields, readForm } from "#server/http/read-form.ts";
import { postOnlyLoader } from "#server/http/post-only-loader.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { subscribe } from "#server/subscribers/subscribe.ts";
import { subscribeFormSchema } from "#common/subscribers/subscriber-schema.ts";
import type { Route } from "./+types/resources.subscribe";

/** Only the newsletter form's post: a visit by address is told so (405), rather than an error. */
export const loader = postOnlyLoader;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await readForm(request);
  return runAction(services, async () => {
    await enforceRateLimit(services.rateLimits.subscribe, clientAddress);
    // The result (who was mailed) stays on the server: the visitor hears "Subscribed!" either way.
    await subscribe(services, parseFields(form, subscribeFormSchema));
    return {};
  });
}

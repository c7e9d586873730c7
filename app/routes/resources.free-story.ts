import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { postOnlyLoader } from "#server/http/post-only-loader.ts";
import { requestFreeStory } from "#server/free-story/request-free-story.ts";
import { freeStoryRequestSchema } from "#common/free-story/free-story-schema.ts";
import type { Route } from "./+types/resources.free-story";

/** Only the free story form's post: a visit by address is told so (405), rather than an error. */
export const loader = postOnlyLoader;

/**
 * The "Get a Free Story" form's post from its island: the answer as JSON (ActionResult), which the
 * island shows. Without scripts the form posts to /free-story instead, which answers with a page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await readForm(request);
  return runAction(services, async () => {
    await enforceRateLimit(services.rateLimits.freeStory, clientAddress);
    await requestFreeStory(services, parseFields(form, freeStoryRequestSchema));
    return {};
  });
}

import { data } from "react-router";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { FREE_STORY_FIELDS, FREE_STORY_SENT_TOAST } from "#common/free-story/free-story-fields.ts";
import { freeStoryRequestSchema } from "#common/free-story/free-story-schema.ts";
import { getFreeStory } from "#server/free-story/get-free-story.ts";
import { requestFreeStory } from "#server/free-story/request-free-story.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { FreeStoryFormIsland } from "#app/features/free-story/free-story-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/free-story";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: SITE_PAGES.freeStory.title,
    description: "A printable illustrated Bible story for your children, free by e-mail.",
  });
}

/** An island page (decision 21): only the form is hydrated; it posts by fetch once it is. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * The form on a page of its own: where the home page's form posts without scripts, and where that
 * post's answer shows. No story offered: 404 (the home page shows no button then). `sent`: the
 * page follows a request (its toast is this request's flash), said in the page for a browser
 * that runs no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await getFreeStory(context.services))) throw data(null, { status: 404 });
  const { flash } = context;
  return { sent: flash?.title === FREE_STORY_SENT_TOAST.title };
}

/** A document post (no script): back to this page with the toast, or this page with the refusal. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await readForm(request);
  const answer = await runAction(services, async () => {
    await enforceRateLimit(services.rateLimits.freeStory, clientAddress);
    await requestFreeStory(services, parseFields(form, freeStoryRequestSchema));
    return {};
  });
  if (answer.data.ok) return redirectWithToast(services, SITE_PAGES.freeStory.path, FREE_STORY_SENT_TOAST);
  const email = form.get(FREE_STORY_FIELDS.email);
  return data(
    {
      ...answer.data,
      email: typeof email === "string" ? email : "",
      newsletter: form.get(FREE_STORY_FIELDS.newsletter) === "on",
    },
    answer.init ?? undefined,
  );
}

export default function FreeStory({ loaderData, actionData }: Route.ComponentProps) {
  const failure = refusalOf(actionData);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800">{SITE_PAGES.freeStory.title}</h1>
      <p className="mt-4 text-lg leading-8 text-gray-700">
        A printable, illustrated Bible story to read with your children, free by e-mail.
      </p>
      <div className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <FreeStoryFormIsland
          failure={failure}
          email={actionData?.email}
          newsletter={actionData?.newsletter}
          sent={loaderData.sent}
        />
      </div>
    </div>
  );
}

import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { AppServices } from "#server/services.ts";
import { runAction, type ActionAnswer, type ActionFailure, type ActionToasts } from "./action-result.ts";
import { requireAdmin } from "./guards.ts";
import { parseFields, readForm } from "./read-form.ts";

/** What a back-office use case is handed: the services, the posted form and the admin who posted it. */
export interface AdminPost {
  services: AppServices;
  form: FormData;
  viewer: Viewer;
}

/** One intent of a back-office action: its use case run by runAction, with its toasts. */
export type AdminIntent<T extends object> = (post: AdminPost) => Promise<ActionAnswer<T>>;

interface ActionArgs {
  context: AppLoadContext;
  request: Request;
}

/**
 * A back-office form post: the admin is checked first, then the form is read (readForm answers an
 * unreadable body), then the use case runs inside runAction with the screen's toasts.
 */
export async function adminAction<T extends object>(
  args: ActionArgs,
  useCase: (post: AdminPost) => Promise<T>,
  toasts?: ActionToasts<T>,
): Promise<ActionAnswer<T>> {
  return adminIntent(useCase, toasts)(await readAdminPost(args));
}

/**
 * A back-office screen whose forms post an `intent`: the named one runs, a form without a known
 * intent runs `otherwise`, and without that it is answered 400 "Unknown action." (no toast).
 */
export async function adminIntentAction(
  args: ActionArgs,
  intents: Readonly<Record<string, AdminIntent<object>>>,
  otherwise?: AdminIntent<object>,
): Promise<ActionAnswer<object>> {
  const post = await readAdminPost(args);
  const intent = post.form.get("intent");
  const run = typeof intent === "string" && Object.hasOwn(intents, intent) ? intents[intent] : otherwise;
  if (run) return run(post);
  const failure: ActionFailure = { ok: false, error: { code: "VALIDATION", message: "Unknown action." } };
  return data(failure, { status: 400 });
}

/** An intent whose use case reads the post itself. */
export function adminIntent<T extends object>(
  useCase: (post: AdminPost) => Promise<T>,
  toasts?: ActionToasts<T>,
): AdminIntent<T> {
  return (post) => runAction(post.services, () => useCase(post), toasts);
}

/**
 * An intent whose use case takes the form as its shared schema reads it (parsed inside runAction,
 * so a refused field is answered like any other refusal).
 */
export function formIntent<Schema extends z.ZodType, T extends object>(
  schema: Schema,
  useCase: (services: AppServices, input: z.output<Schema>) => Promise<T>,
  toasts?: ActionToasts<T>,
): AdminIntent<T> {
  return adminIntent(({ services, form }) => useCase(services, parseFields(form, schema)), toasts);
}

async function readAdminPost({ context, request }: ActionArgs): Promise<AdminPost> {
  const viewer = requireAdmin(context, request);
  return { services: context.services, form: await readForm(request), viewer };
}

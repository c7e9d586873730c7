import { useActionData, type FetcherWithComponents } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { CheckedFormOptions } from "./checked-form.ts";
import { useCheckedForm, type FieldDefaults, type FieldDefaultsOption } from "./use-checked-form.ts";

/**
 * useCheckedForm on a page React Router hydrates: the server's answer is the route's action data,
 * or the fetcher's data when the form is a `fetcher.Form`. `initialResult` is an answer the page
 * rendered with, for a post made before the page's scripts ran.
 */
export function useRouteForm<Values extends FieldDefaults<Values>>(
  options: CheckedFormOptions &
    FieldDefaultsOption<Values> & {
      fetcher?: FetcherWithComponents<ActionResult> | undefined;
      initialResult?: ActionResult | undefined;
    },
) {
  const actionData = useActionData<ActionResult | undefined>();
  const { fetcher, initialResult, ...rest } = options;
  return useCheckedForm({ ...rest, result: (fetcher ? fetcher.data : actionData) ?? initialResult });
}

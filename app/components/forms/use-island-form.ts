import type { ActionFailure } from "#server/http/action-result.ts";
import type { CheckedFormOptions } from "./checked-form.ts";
import { useBrowserPost } from "./use-browser-post.ts";
import { useCheckedForm, type FieldDefaults, type FieldDefaultsOption } from "./use-checked-form.ts";

/**
 * The form kit (decision 6) on an island's form, which the browser posts as a document
 * (useBrowserPost): `failure`, the island's prop, is the server's answer, and it is a toast too,
 * since the page was rendered again with it and no toast from the server can reach it.
 */
export function useIslandForm<Values extends FieldDefaults<Values>>({
  failure,
  onRestored,
  ...options
}: Omit<CheckedFormOptions, "post" | "toastServerRefusal"> &
  FieldDefaultsOption<Values> & {
    failure: ActionFailure["error"] | undefined;
    /** Runs when Back restores the page as it was left, busy (useBrowserPost). */
    onRestored?: () => void;
  }) {
  const { result, busy, post } = useBrowserPost(failure, onRestored);
  return { busy, ...useCheckedForm({ ...options, toastServerRefusal: true, result, post }) };
}

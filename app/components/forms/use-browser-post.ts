import { useState } from "react";
import type { ActionFailure } from "#server/http/action-result.ts";
import { usePageRestored } from "./use-page-restored.ts";

/**
 * For an island form the browser itself posts (decision 21): the page's refusal as the checked
 * form's `result`, a `post` that sends the form, and `busy` from that post until the browser leaves
 * the page. Back restores a page from the back/forward cache as it was left, busy: then
 * `onRestored` runs and the form can be used again.
 */
export function useBrowserPost(failure: ActionFailure["error"] | undefined, onRestored?: () => void) {
  // The island's prop as the server's answer: one object per page, so it is folded in once.
  const [result] = useState<ActionFailure | undefined>(() => (failure ? { ok: false, error: failure } : undefined));
  const [busy, setBusy] = useState(false);
  usePageRestored(() => {
    onRestored?.();
    setBusy(false);
  });
  const post = (form: HTMLFormElement) => {
    setBusy(true);
    form.submit();
  };
  return { result, busy, post };
}

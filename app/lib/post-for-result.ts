import type { ActionFailure, ActionResult } from "#server/http/action-result.ts";

const FAILED: ActionFailure = { ok: false, error: { code: "INTERNAL", message: "" } };

/**
 * Posts an island's form by `fetch` to a resource route, which answers with an ActionResult as
 * JSON. Offline, or any other answer (a proxy's error page), is a failure without a message, which
 * the form words itself.
 */
export async function postForResult(path: string, form: HTMLFormElement): Promise<ActionResult> {
  try {
    const response = await fetch(path, { method: "POST", body: new FormData(form) });
    if (response.headers.get("content-type")?.includes("application/json")) {
      return (await response.json()) as ActionResult;
    }
  } catch {
    // Offline or refused: the failure below.
  }
  return FAILED;
}

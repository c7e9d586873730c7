import type { ActionFailure } from "#server/http/action-result.ts";

/** The refusal an action answered with, if its answer is one: what a page hands its form. */
export function refusalOf(answer: { ok: boolean } | undefined): ActionFailure["error"] | undefined {
  return answer && !answer.ok ? (answer as ActionFailure).error : undefined;
}

import { adminAction } from "#server/http/admin-action.ts";
import { postOnlyLoader } from "#server/http/post-only-loader.ts";
import { saveTaxSettings } from "#server/tax/tax-settings.ts";
import type { Route } from "./+types/tax-settings";

/** Only Store Settings → Tax's post: a visit by address is told so (405). */
export const loader = postOnlyLoader;

/** POST from Store Settings → Tax: the mode, home state and rates, checked with their shared schema. */
export function action(args: Route.ActionArgs) {
  return adminAction(
    args,
    async ({ services, form }) => {
      await saveTaxSettings(services, { form });
      return {};
    },
    {
      success: () => ({ title: "Tax settings saved", description: "The checkout charges sales tax as now set." }),
      failureTitle: "Error saving the tax settings",
    },
  );
}

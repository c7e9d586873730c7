import { parseFields } from "#server/http/read-form.ts";
import { requireAdmin } from "#server/http/guards.ts";
import { adminAction } from "#server/http/admin-action.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { maintenanceModeFormSchema } from "#common/settings/settings-schema.ts";
import { setMaintenanceMode } from "#server/settings/set-maintenance-mode.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { ComingSoonForm } from "#app/features/admin-settings/coming-soon-form.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/coming-soon";

export const meta = () => noindexMeta(ADMIN_PAGES.comingSoon.title);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  // The same row the maintenance gate reads on every request (defaults when there is none). A
  // failed read is the admin layout's error boundary's to show ("Error checking settings").
  const settings = await getPublicStoreSettings(context.services);
  return { enabled: settings.maintenanceMode };
}

export function action(args: Route.ActionArgs) {
  return adminAction(
    args,
    async ({ services, form }) => {
      // An unchecked switch sends nothing, which means off.
      const on = parseFields(form, maintenanceModeFormSchema).enableMaintenanceMode;
      const result = await setMaintenanceMode(services, { on });
      return { enabled: result.enableMaintenanceMode };
    },
    {
      success: { title: "Success!", description: "Coming Soon settings updated successfully." },
      failureTitle: "Error saving settings",
    },
  );
}

export default function AdminComingSoon({ loaderData }: Route.ComponentProps) {
  const { enabled } = loaderData;

  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.comingSoon.title}
        intro="Put the shop behind a Coming Soon page while you get it ready, and open it when you launch."
      />
      <ComingSoonForm key={String(enabled)} enabled={enabled} />
    </>
  );
}

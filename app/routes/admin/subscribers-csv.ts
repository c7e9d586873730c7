import { requireAdmin } from "#server/accounts/guards.ts";
import { exportSubscribersCsv, subscribersCsvFileName } from "#server/subscribers/subscribers-csv.ts";
import type { Route } from "./+types/subscribers-csv";

/** GET /admin/subscribers.csv: every subscriber as a CSV download, for admins only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const csv = await exportSubscribersCsv(context.services.db);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${subscribersCsvFileName()}"`,
      // A list of people's addresses: no shared or browser cache may keep a copy.
      "Cache-Control": "no-store",
    },
  });
}

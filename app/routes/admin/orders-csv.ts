import { requireAdmin } from "#server/http/guards.ts";
import { csvDownload } from "#server/csv/csv-download.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { ORDER_EXPORT_FIELDS, orderExportSchema } from "#common/orders/order-export-schema.ts";
import { ordersCsvFileName, ordersCsvStream } from "#server/orders/orders-csv.ts";
import type { Route } from "./+types/orders-csv";
import { checkForm } from "#common/forms/check-form.ts";

/**
 * GET /admin/orders.csv?search=&from=&to=: the orders the Order Management search finds within
 * the date range, as a CSV download, for admins only. Streamed page by page; one export at a
 * time. A filter the export form would have refused goes back to the orders page with its message.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, orderExportLock } = context.services;
  const checked = checkForm(orderExportSchema, new URL(request.url).searchParams, ORDER_EXPORT_FIELDS);
  if (!checked.success) {
    throw redirectWithToast(context.services, "/admin/orders", {
      title: "Export failed",
      description: checked.message,
      variant: "destructive",
    });
  }
  return csvDownload(orderExportLock, {
    fileName: ordersCsvFileName(context.services.clock()),
    busyMessage: "Another orders export is running. Please try again in a moment.",
    stream: (onClose) => ordersCsvStream({ db }, { filter: checked.data, onClose }),
  });
}

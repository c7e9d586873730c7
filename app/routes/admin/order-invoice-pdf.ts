import { getInvoicePdf } from "#server/documents/get-invoice-pdf.ts";
import { pdfDownload, pdfRefusal } from "#server/documents/pdf-download.ts";
import { requireAdmin } from "#server/http/guards.ts";
import type { Route } from "./+types/order-invoice-pdf";

/** GET /admin/orders/:orderId/invoice.pdf: any order's invoice as a PDF download, for admins only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request);
  const file = await getInvoicePdf(context.services, { orderId: params.orderId, viewer, placedOrderIds: [] });
  return file ? pdfDownload(file) : pdfRefusal(404, "This order could not be found.");
}

import { overLimitResponse } from "#server/http/over-limit-response.ts";
import { readPlacedOrders } from "#server/checkout/placed-orders-cookie.ts";
import { getInvoicePdf } from "#server/documents/get-invoice-pdf.ts";
import { pdfDownload, pdfRefusal } from "#server/documents/pdf-download.ts";
import type { Route } from "./+types/order-invoice-pdf";

/**
 * GET /orders/:orderId/invoice.pdf: the order's invoice as a PDF download, for the browser that
 * placed the order, the account whose Order History lists it, or an admin. Anyone else, and an
 * unknown id, get the same 404: the answer never tells whether an order exists. Each client may
 * ask 30 times a minute (a PDF costs a tenth of a second or more to draw).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, viewer, clientAddress } = context;
  const refused = await overLimitResponse(services.rateLimits.orderDocuments, clientAddress, "private, no-store");
  if (refused) return refused;
  const file = await getInvoicePdf(services, {
    orderId: params.orderId,
    viewer,
    placedOrderIds: readPlacedOrders(request.headers.get("cookie"), services.env.APP_SECRET),
  });
  return file ? pdfDownload(file) : pdfRefusal(404, "This invoice could not be found.");
}

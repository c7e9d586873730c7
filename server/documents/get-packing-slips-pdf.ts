import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { loadDocumentSeller, loadOrderDocuments } from "./load-order-document.ts";
import { renderPackingSlipsPdf } from "./packing-slip-pdf.ts";
import { safeFileName, type PdfFile } from "./pdf-download.ts";

/**
 * Packing slips for staff: one PDF with a slip per order, in the order given (each id once; at
 * most 100, which the caller's schema checks). Throws NOT_FOUND naming the ids that match no
 * order, rather than leave a parcel without its slip.
 */
export async function getPackingSlipsPdf(
  deps: Pick<AppServices, "db" | "clock">,
  { orderIds }: { orderIds: readonly string[] },
): Promise<PdfFile> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) throw new AppError("VALIDATION", "Please choose at least one order.");
  const [orders, { seller }] = await Promise.all([
    loadOrderDocuments(deps, { orderIds: ids }),
    loadDocumentSeller(deps),
  ]);
  const found = new Set(orders.map((order) => order.orderId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(
      "NOT_FOUND",
      `${missing.length === 1 ? "This order could" : "These orders could"} not be found: ${missing.slice(0, 10).join(", ")}${
        missing.length > 10 ? ` and ${missing.length - 10} more` : ""
      }.`,
    );
  }
  const now = deps.clock();
  const fileName =
    orders.length === 1
      ? `packing-slip-${safeFileName(orders[0]!.orderId)}.pdf`
      : `packing-slips-${now.toISOString().slice(0, 10)}.pdf`;
  return { fileName, bytes: await renderPackingSlipsPdf({ seller, orders, createdAt: now }) };
}

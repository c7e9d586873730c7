import type { Viewer } from "#server/accounts/viewer.ts";
import { mayDownloadOrderDocuments } from "#server/orders/order-access.ts";
import type { AppServices } from "#server/services.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { loadInvoiceDocument } from "./load-order-document.ts";
import { invoiceFileName, type PdfFile } from "./pdf-download.ts";

/**
 * An order's invoice as a PDF, for whoever may have it (`mayDownloadOrderDocuments`: the browser
 * that placed the order, the account whose Order History lists it, an admin); null for anyone
 * else and for an unknown id alike, so the answer does not tell which orders exist.
 */
export async function getInvoicePdf(
  deps: Pick<AppServices, "db" | "clock">,
  input: {
    orderId: string;
    viewer: Pick<Viewer, "userId" | "email" | "emailVerified" | "isAdmin"> | null;
    placedOrderIds: readonly string[];
  },
): Promise<PdfFile | null> {
  if (!(await mayDownloadOrderDocuments(deps, input))) return null;
  const invoice = await loadInvoiceDocument(deps, { orderId: input.orderId });
  if (!invoice) return null;
  return { fileName: invoiceFileName(invoice.order.orderId), bytes: await renderInvoicePdf(invoice) };
}

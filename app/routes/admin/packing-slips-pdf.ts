import { AppError, HTTP_STATUS_BY_ERROR_CODE } from "#server/errors/app-error.ts";
import { getPackingSlipsPdf } from "#server/documents/get-packing-slips-pdf.ts";
import { pdfDownload, pdfRefusal } from "#server/documents/pdf-download.ts";
import { requireAdmin } from "#server/http/guards.ts";
import { bulkOrderIdsSchema } from "#common/orders/order-action-schema.ts";
import type { Route } from "./+types/packing-slips-pdf";

/**
 * GET /admin/orders/packing-slips.pdf?ids=A,B,C: packing slips (no prices) for one order or the
 * ticked ones, one PDF, for admins only. The ids come as one comma-separated list (or the
 * parameter repeated), at most 100 (the list's bulk limit); an unknown id is named in a 404.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const ids = new URL(request.url).searchParams
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter(Boolean);
  const checked = bulkOrderIdsSchema.safeParse(ids);
  if (!checked.success) return pdfRefusal(400, checked.error.issues[0]?.message ?? "Please choose the orders.");
  try {
    return pdfDownload(await getPackingSlipsPdf(context.services, { orderIds: checked.data }));
  } catch (error) {
    if (error instanceof AppError) return pdfRefusal(HTTP_STATUS_BY_ERROR_CODE[error.code], error.message);
    throw error;
  }
}

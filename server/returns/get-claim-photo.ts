import type { AppServices } from "#server/services.ts";
import { claimableOrderId, type ClaimAccess } from "./claim-order.ts";

const CLAIM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A claim's photo, for whoever may see the order's claims (its account, the browser that placed
 * or proved it, staff: claimableOrderId); null for anyone else, for a claim without a photo and
 * for an unknown id alike, so the answer never tells which claims exist.
 */
export async function getClaimPhoto(
  { db, privateFiles }: Pick<AppServices, "db" | "privateFiles">,
  input: { claimId: string; access: ClaimAccess },
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  if (!CLAIM_ID.test(input.claimId)) return null;
  const claim = await db
    .selectFrom("return_claims")
    .select(["order_id", "photo_key", "photo_content_type"])
    .where("id", "=", input.claimId)
    .executeTakeFirst();
  if (!claim?.photo_key || !claim.photo_content_type) return null;
  if (!(await claimableOrderId({ db }, { orderId: claim.order_id, access: input.access }))) return null;
  const bytes = await privateFiles.get(claim.photo_key);
  return bytes ? { contentType: claim.photo_content_type, bytes } : null;
}

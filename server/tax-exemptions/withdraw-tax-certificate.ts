import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

/**
 * Withdraws one of the account's certificates while it waits for review (a wrong file, a typo),
 * with its file; a reviewed certificate stays on file. NOT_FOUND for anyone else's, for a
 * reviewed one and for an unknown id alike.
 */
export async function withdrawTaxCertificate(
  { db, taxCertificateFiles }: Pick<AppServices, "db" | "taxCertificateFiles">,
  { userId, certificateId }: { userId: string; certificateId: string },
): Promise<{ state: string }> {
  const deleted = await db
    .deleteFrom("tax_exemption_certificates")
    .where("id", "=", certificateId)
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .returning("state")
    .executeTakeFirst();
  if (!deleted) throw new AppError("NOT_FOUND", "This certificate is no longer waiting for review.");
  // The row went with its certificate (cascade); a bucket's object goes now.
  await taxCertificateFiles.delete(certificateId);
  return { state: deleted.state };
}

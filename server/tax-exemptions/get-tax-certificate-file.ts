import type { Viewer } from "#server/accounts/viewer.ts";
import type { AppServices } from "#server/services.ts";
import { certificateFileExtension } from "./certificate-file-type.ts";

/** A certificate's file for one download. */
export interface TaxCertificateDownload {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A certificate's file, for the account that sent it and for admins; null for anyone else, for a
 * visitor and for an unknown id alike, so the answer never tells which certificates exist (the
 * id being hard to guess is not what protects it).
 */
export async function getTaxCertificateFile(
  { db, taxCertificateFiles }: Pick<AppServices, "db" | "taxCertificateFiles">,
  { certificateId, viewer }: { certificateId: string; viewer: Pick<Viewer, "userId" | "isAdmin"> | null },
): Promise<TaxCertificateDownload | null> {
  if (!viewer || !CERTIFICATE_ID.test(certificateId)) return null;
  const certificate = await db
    .selectFrom("tax_exemption_certificates")
    .select(["id", "user_id", "state", "file_content_type"])
    .where("id", "=", certificateId)
    .executeTakeFirst();
  if (!certificate) return null;
  if (!viewer.isAdmin && (certificate.user_id === null || certificate.user_id !== viewer.userId)) return null;
  const file = await taxCertificateFiles.get(certificate.id);
  if (!file) return null;
  return {
    fileName: `tax-certificate-${certificate.state}-${certificate.id.slice(0, 8)}.${certificateFileExtension(certificate.file_content_type)}`,
    // The type the shop found in the bytes when they arrived, whatever the store says now.
    contentType: certificate.file_content_type,
    bytes: file.bytes,
  };
}

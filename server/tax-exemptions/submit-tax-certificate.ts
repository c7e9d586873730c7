import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { formatLongDate } from "#common/dates.ts";
import type { CertificateInput } from "#common/tax-exemptions/tax-exemption-schema.ts";
import {
  CERTIFICATE_FILE_TYPE_MESSAGE,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_NO_FILE_MESSAGE,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  utcDate,
} from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";
import { certificateFileType } from "./certificate-file-type.ts";

export const NO_ORGANISATION_MESSAGE =
  "Please save your organisation first: certificates are made out to the organisation.";

/**
 * Sends a certificate for review: the organisation must be on the account, the expiry not in the
 * past (UTC), the file a PDF, JPEG, PNG or WebP by its first bytes and within the limit, and no
 * other certificate of the account for that state may be waiting for review. Any refusal stores
 * nothing. The certificate and its file are written in one transaction. `email` is the account's
 * address, kept with the certificate (it outlives the account).
 */
export async function submitTaxCertificate(
  { db, clock, taxCertificateFiles }: Pick<AppServices, "db" | "clock" | "taxCertificateFiles">,
  input: {
    userId: string;
    email: string;
    certificate: Omit<CertificateInput, "certificateFile">;
    file: Uint8Array;
  },
): Promise<{ id: string; state: string }> {
  const { certificate, file } = input;
  const now = clock();
  const organisation = await db
    .selectFrom("organisations")
    .select(["name", "kind"])
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!organisation) throw new AppError("VALIDATION", NO_ORGANISATION_MESSAGE);
  if (certificate.expiresOn < utcDate(now)) {
    const message = `The expiry date ${formatLongDate(certificate.expiresOn)} is in the past. Please send a certificate that is still valid.`;
    throw new AppError("VALIDATION", message, { fieldErrors: { expiresOn: message } });
  }
  const fileRefusal = (message: string) =>
    new AppError("VALIDATION", message, { fieldErrors: { certificateFile: message } });
  if (file.byteLength === 0) throw fileRefusal(CERTIFICATE_NO_FILE_MESSAGE);
  if (file.byteLength > CERTIFICATE_MAX_BYTES) throw fileRefusal(CERTIFICATE_TOO_LARGE_MESSAGE);
  const type = certificateFileType(file);
  if (!type) throw fileRefusal(CERTIFICATE_FILE_TYPE_MESSAGE);

  const pendingMessage = `A certificate for ${usStateName(certificate.state)} is already waiting for review. Withdraw it first to send another.`;
  const alreadyPending = () => new AppError("CONFLICT", pendingMessage, { fieldErrors: { state: pendingMessage } });
  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom("tax_exemption_certificates")
        .select("id")
        .where("user_id", "=", input.userId)
        .where("state", "=", certificate.state)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (pending) throw alreadyPending();
      await trx
        .insertInto("tax_exemption_certificates")
        .values({
          id,
          user_id: input.userId,
          customer_email: input.email,
          organisation_name: organisation.name,
          organisation_kind: organisation.kind,
          state: certificate.state,
          document_kind: certificate.documentKind,
          certificate_number: certificate.certificateNumber,
          expires_on: certificate.expiresOn,
          status: "pending",
          file_content_type: type.contentType,
          file_byte_length: file.byteLength,
          submitted_at: now.toISOString(),
        })
        .execute();
      await taxCertificateFiles.put(trx, id, { contentType: type.contentType, bytes: file }, now);
    });
  } catch (error) {
    // Two sends for one state at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw alreadyPending();
    throw error;
  }
  return { id, state: certificate.state };
}

import { getTaxCertificateFile } from "#server/tax-exemptions/get-tax-certificate-file.ts";
import { privateFileResponse } from "#server/http/private-file-response.ts";
import type { Route } from "./+types/tax-certificate-file";

/**
 * GET /tax-exemption/certificates/:certificateId: a tax exemption certificate's file, for the
 * account that sent it and for admins, decided on the server for each request. Anyone else, a
 * visitor and an unknown id get the same 404. Always a download (`attachment`: an uploaded file
 * never opens as a page of the shop's own origin), kept by no cache and no proxy.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const file = await getTaxCertificateFile(context.services, {
    certificateId: params.certificateId,
    viewer: context.viewer,
  });
  return privateFileResponse(
    file,
    "This certificate could not be found.",
    file ? { "Content-Disposition": `attachment; filename="${file.fileName}"` } : {},
  );
}

import { getTaxCertificateFile } from "#server/tax-exemptions/get-tax-certificate-file.ts";
import type { Route } from "./+types/tax-certificate-file";

const PRIVATE = "private, no-store";

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
  if (!file) {
    return new Response("This certificate could not be found.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

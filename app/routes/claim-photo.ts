import { claimAccessOf } from "#server/returns/claim-proof-cookie.ts";
import { getClaimPhoto } from "#server/returns/get-claim-photo.ts";
import { privateFileResponse } from "#server/http/private-file-response.ts";
import type { Route } from "./+types/claim-photo";

/**
 * GET /returns/photos/:claimId: a claim's photo, for the order's customer (its account, or the
 * browser that placed or proved the order) and for staff, decided on the server for each request.
 * Anyone else, a claim without a photo and an unknown id get the same 404. Kept by no cache.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, viewer } = context;
  const access = claimAccessOf({
    viewer,
    cookieHeader: request.headers.get("cookie"),
    appSecret: services.env.APP_SECRET,
  });
  const photo = await getClaimPhoto(services, { claimId: params.claimId, access });
  return privateFileResponse(photo, "This photo could not be found.", {
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
}

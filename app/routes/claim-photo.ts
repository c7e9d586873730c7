import { claimAccessOf } from "#server/returns/claim-proof-cookie.ts";
import { getClaimPhoto } from "#server/returns/get-claim-photo.ts";
import type { Route } from "./+types/claim-photo";

const PRIVATE = "private, no-store";

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
  if (!photo) {
    return new Response("This photo could not be found.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE },
    });
  }
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.byteLength),
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

import type { MiddlewareHandler } from "hono";

/**
 * Parameters that ad and mail tools add to links into the shop (Facebook's `fbclid`, Google's
 * `gclid` and Merchant Center's `srsltid`, `utm_*`, …). No page reads them, and each click
 * carries its own value: kept in the address, every visit from a campaign would be a page-cache
 * miss that stores one more copy of the same page (decision 17).
 */
const TRACKING_PARAMETERS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "gclsrc",
  "srsltid",
  "msclkid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
]);

function isTrackingParameter(name: string): boolean {
  return name.startsWith("utm_") || TRACKING_PARAMETERS.has(name);
}

/** The address without tracking parameters, or null when it has none. */
function withoutTrackingParameters(address: string): string | null {
  const url = new URL(address);
  const names = [...new Set(url.searchParams.keys())].filter(isTrackingParameter);
  if (names.length === 0) return null;
  for (const name of names) url.searchParams.delete(name);
  return url.href;
}

/**
 * Pages are read (and cached) as if their tracking parameters were not there; the browser's
 * address bar keeps them for its own scripts. Only for reads: a form's post is left as it is.
 */
export function dropTrackingParameters(): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const address = request.url.includes("?") ? withoutTrackingParameters(request.url) : null;
    if (address !== null) c.req.raw = new Request(address, request);
    return next();
  };
}

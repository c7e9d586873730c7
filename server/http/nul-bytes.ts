import type { MiddlewareHandler } from "hono";

/**
 * Reads a NUL byte (%00) in the address as U+FFFD, the replacement character, as a decoder does
 * with any byte it cannot use. No page, slug, token, order id or search term contains a NUL, and
 * PostgreSQL cannot store or even compare one in text: a NUL reaching a query failed it there
 * (a 500). After the replacement an odd slug or id finds nothing (404, the page as usual) and a
 * search matches nothing. Forms get a stricter rule in readForm (a 400 with a message).
 */
export function replaceNulBytesInAddress(): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (!/%00/i.test(request.url)) return next();
    const url = request.url.replace(/%00/gi, "%EF%BF%BD");
    c.req.raw = new Request(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      duplex: "half",
    } as RequestInit);
    return next();
  };
}

import type { MiddlewareHandler } from "hono";

export const NUL_IN_ADDRESS_MESSAGE = "Bad request: the address contains a character that is not allowed.";

/**
 * Refuses (400) an address whose path or query carries a NUL byte (%00). No page, slug, token,
 * order id or search term contains one, and PostgreSQL cannot store or even compare one in text:
 * a NUL reaching a query fails it there (a 500) instead of finding nothing. Forms get the same
 * rule in readForm.
 */
export function refuseNulBytes(): MiddlewareHandler {
  return async (c, next) => {
    if (/%00/i.test(c.req.url)) return c.text(NUL_IN_ADDRESS_MESSAGE, 400);
    return next();
  };
}

/** The request facts an account function reads: the headers (with a Cookie header when given) and the address. */
export const authRequest = (clientAddress: string, cookie?: string) => ({
  headers: new Headers(cookie ? { cookie } : {}),
  clientAddress,
});

/** The cookies an answer set, as the Cookie header the next request sends. */
export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/**
 * The headers better-auth sees for a call we make on a visitor's behalf: their cookies, and the
 * client address we determined ourselves (socket, or trusted proxy), never one they sent.
 */
export function authRequestHeaders(requestHeaders: Headers, clientAddress: string): Headers {
  const headers = new Headers();
  const cookie = requestHeaders.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = requestHeaders.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent.slice(0, 512));
  headers.set("x-shop-client-address", clientAddress);
  return headers;
}

import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import { clientKey } from "#server/security/client-key.ts";

/**
 * Open connections allowed from one client address at a time. A browser opens at most 6 to a
 * site; a school or church sharing one address behind NAT may have a few dozen people on the
 * shop at once, so the cap is generous: it is there to stop one client from holding hundreds of
 * connections (each with a half-sent body), not to ration ordinary visitors.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 128;

const BUSY_RESPONSE =
  "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 5\r\n\r\n";

/**
 * Counts the open sockets per client (clientKey: an IPv6 client by its /64) and refuses (503, then close) a connection beyond
 * `max`. Only for a server that clients reach directly: behind a reverse proxy (TRUST_PROXY)
 * every socket comes from the proxy, so main.ts leaves the cap off and the proxy limits clients.
 */
export function capConnectionsPerClient(server: Server, max: number = MAX_CONNECTIONS_PER_CLIENT): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    // The key of every other limit: an IPv6 client picks any address of its /64.
    const address = clientKey(socket.remoteAddress ?? "unknown");
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(BUSY_RESPONSE);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Node's timeouts, tight enough that a client who stops sending gives up its connection within
 * seconds: the request's headers must arrive in 10 s, and no request may take longer than the
 * longest body deadline (cover uploads, see body-limits.ts) plus a little. Each route's own
 * body deadline is enforced while the body is read (body-limits.ts); these are the backstop.
 */
export function serverTimeouts(longestBodyMs: number): ServerOptions {
  return {
    headersTimeout: 10_000,
    requestTimeout: longestBodyMs + 10_000,
    // An idle keep-alive connection is closed after 5 s (Node's default, stated for the record).
    keepAliveTimeout: 5_000,
    // How often Node checks the two request timeouts (30 s by default, too coarse for 10 s).
    connectionsCheckingInterval: 1_000,
  };
}

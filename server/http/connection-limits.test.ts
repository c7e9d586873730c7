import { createServer, type Server } from "node:http";
import { EventEmitter } from "node:events";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { capConnectionsPerClient, MAX_CONNECTIONS_PER_CLIENT, serverTimeouts } from "./connection-limits.ts";

/** Opens a socket and resolves with what the server says first (or "" if it says nothing within `waitMs`). */
function openSocket(
  port: number,
  localAddress = "127.0.0.1",
  waitMs = 300,
): Promise<{ socket: Socket; greeting: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    let greeting = "";
    socket.on("data", (chunk) => (greeting += chunk));
    socket.on("error", reject);
    socket.on("connect", () => setTimeout(() => resolve({ socket, greeting }), waitMs));
  });
}

describe("the per-client connection cap", () => {
  let server: Server;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function listen(max: number): Promise<number> {
    server = createServer((_req, res) => res.end("ok"));
    capConnectionsPerClient(server, max);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as { port: number }).port;
  }

  it("refuses a client's connection beyond the cap with 503, and lets other clients and later connections in", async () => {
    const port = await listen(3);
    for (let i = 0; i < 3; i++) {
      const { socket, greeting } = await openSocket(port, "127.0.0.1", 20);
      sockets.push(socket);
      expect(greeting).toBe("");
    }
    const refused = await openSocket(port);
    sockets.push(refused.socket);
    expect(refused.greeting).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.greeting).toContain("Retry-After: 5");

    // Another address is counted on its own.
    const other = await openSocket(port, "127.0.0.2", 20);
    sockets.push(other.socket);
    expect(other.greeting).toBe("");

    // A closed connection frees its place.
    sockets[0]!.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const again = await openSocket(port);
    sockets.push(again.socket);
    expect(again.greeting).toBe("");
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 client, as every limit does", () => {
    // Sockets from addresses loopback cannot bind: the cap only reads remoteAddress and "close".
    const fakeServer = new EventEmitter();
    capConnectionsPerClient(fakeServer as unknown as Server, 2);
    const connect = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), {
        remoteAddress,
        refused: false,
        end: () => (socket.refused = true),
        destroySoon: () => undefined,
      });
      fakeServer.emit("connection", socket);
      return socket;
    };
    expect(connect("2001:db8:1:2::1").refused).toBe(false);
    expect(connect("2001:db8:1:2:ffff::9").refused).toBe(false);
    // A third address of the same /64 is the same client.
    const third = connect("2001:db8:1:2:abcd::3");
    expect(third.refused).toBe(true);
    // Another /64 is another client.
    expect(connect("2001:db8:1:3::1").refused).toBe(false);

    expect(connect("192.0.2.7").refused).toBe(false);
    const mapped = connect("::ffff:192.0.2.7");
    expect(mapped.refused).toBe(false);
    expect(connect("::FFFF:192.0.2.7").refused).toBe(true);
    // Closing one frees a place for the whole client.
    mapped.emit("close");
    expect(connect("192.0.2.7").refused).toBe(false);
  });

  it("is generous enough for a school behind one address, and bounded", () => {
    expect(MAX_CONNECTIONS_PER_CLIENT).toBeGreaterThanOrEqual(64);
    expect(MAX_CONNECTIONS_PER_CLIENT).toBeLessThanOrEqual(256);
  });
});

describe("the server timeouts", () => {
  it("want headers within 10 s and every request done shortly after the longest body deadline", () => {
    const options = serverTimeouts(120_000);
    expect(options.headersTimeout).toBe(10_000);
    expect(options.requestTimeout).toBe(130_000);
    expect(options.connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });
});

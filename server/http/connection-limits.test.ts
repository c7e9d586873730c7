import { createServer, type Server } from "node:http";
import { EventEmitter } from "node:events";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { capConnectionsPerClient, MAX_CONNECTIONS_PER_CLIENT, serverTimeouts } from "./connection-limits.ts";

/**
 * Opens a socket, asks for a page on it and resolves with the head of the answer: the page's, or
 * the cap's 503, which the server writes as soon as it refuses. The socket stays open (keep-alive).
 */
function openSocket(port: number, localAddress = "127.0.0.1"): Promise<{ socket: Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n\r\n")) resolve({ socket, answer });
    });
    socket.on("error", reject);
    socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  });
}

describe("the per-client connection cap", () => {
  let server: Server;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    serverSides.splice(0);
    await new Promise((resolve) => server?.close(resolve));
  });

  /** The server's side of each connection, to wait until it has seen one close. */
  const serverSides: Socket[] = [];
  const closedOnServer = (client: Socket) => {
    const side = serverSides.find((socket) => socket.remotePort === client.localPort)!;
    return side.closed ? Promise.resolve() : new Promise((resolve) => side.once("close", resolve));
  };

  async function listen(max: number): Promise<number> {
    server = createServer((_req, res) => res.end("ok"));
    capConnectionsPerClient(server, max);
    // The cap listens first, so it has counted a connection out before closedOnServer resolves.
    server.on("connection", (socket: Socket) => serverSides.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as { port: number }).port;
  }

  it("refuses a client's connection beyond the cap with 503, and lets other clients and later connections in", async () => {
    const port = await listen(3);
    for (let i = 0; i < 3; i++) {
      const { socket, answer } = await openSocket(port);
      sockets.push(socket);
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    }
    const refused = await openSocket(port);
    sockets.push(refused.socket);
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.answer).toContain("Retry-After: 5");

    // Another address is counted on its own.
    const other = await openSocket(port, "127.0.0.2");
    sockets.push(other.socket);
    expect(other.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);

    // A closed connection frees its place.
    const closing = closedOnServer(sockets[0]!);
    sockets[0]!.destroy();
    await closing;
    const again = await openSocket(port);
    sockets.push(again.socket);
    expect(again.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
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

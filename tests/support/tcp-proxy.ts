import { createServer, connect, type Socket } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL in the outage tests) that a test can
 * cut: every open connection is reset and new ones are refused until it is restored. From the
 * client's side that is a database restart or a network cut.
 */
export interface TcpProxy {
  port: number;
  /** Connections refused so far while cut: a client's reconnection attempts, counted. */
  refused(): number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  let refused = 0;
  const server = createServer((client) => {
    if (!open) {
      refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("proxy has no port");
  return {
    port: address.port,
    refused: () => refused,
    cut() {
      open = false;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

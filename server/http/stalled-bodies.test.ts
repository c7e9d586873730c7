import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";
import { MAX_CONNECTIONS_PER_CLIENT } from "./connection-limits.ts";

/**
 * A raw connection: writes `head` (and `body`), collects the answer, resolves `closed` once the
 * connection ends. The client never ends it itself: only the server (or `socket.destroy()`) can.
 * `answered(pattern)` resolves once the answer so far matches `pattern`.
 */
function rawRequest(url: string, head: string, body = "") {
  const { port } = new URL(url);
  const socket: Socket = connect({ port: Number(port), host: "127.0.0.1" });
  let answer = "";
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("data", (chunk) => (answer += chunk));
  socket.on("error", () => {});
  socket.write(head + body);
  const answered = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(answer)) return;
        socket.off("data", check).off("close", gone);
        resolve();
      };
      const gone = () => reject(new Error(`The connection closed before an answer matching ${pattern}: ${answer}`));
      socket.on("data", check).on("close", gone);
      check();
    });
  return { socket, closed, answer: () => answer, answered };
}

/** Resolves once the server's output so far meets `done`, checked as each line arrives. */
function untilOutput(server: ServerProcess, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      server.child.stdout!.off("data", check);
      resolve();
    };
    server.child.stdout!.on("data", check);
    check();
  });
}

const post = (path: string, length: number, extraHeaders = "") =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${extraHeaders}\r\n`;

describe("slow, stalled and abandoned request bodies on the real server", () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-bodies-"));
    server = await startServerProcess({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const errorLines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));

  it("refuses a declared body over the form's limit with 413 and closes the connection without reading it", async () => {
    const client = rawRequest(server.url, post("/contact-us", 1024 * 1024), "message=");
    await client.closed;
    // A server that waited for the body would end this stalled one with its 408 instead.
    expect(client.answer()).toMatch(/^HTTP\/1\.1 413 /);
  });

  // The route's 10 s body deadline runs out well inside this test's 20 s: the test timeout is the only clock.
  it("answers a client that stops sending its body with 408 and closes the connection", async () => {
    const client = rawRequest(server.url, post("/login", 8000), "email=" + "a".repeat(3000));
    await client.closed;
    expect(client.answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorLines()).toEqual([]);
  }, 20_000);

  it("closes the connection as soon as it answers a body it did not read to the end, without reading the rest", async () => {
    const chunk = "a".repeat(16 * 1024);
    const cases = [
      // Refused by the page's form reader once past the contact form's 64 KB (a page, then a data request).
      {
        head: "POST /contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
        body: `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(8),
        status: 413,
      },
      {
        head: "POST /contact-us.data HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
        body: `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(8),
        status: 413,
      },
      // Never read: the admin gate answers a visitor first.
      { head: post("/admin/books.data", 1024 * 1024), body: chunk, status: 401 },
    ];
    for (const { head, body, status } of cases) {
      // Each client stalls after what it sent: only the server can end the connection.
      const client = rawRequest(server.url, head, body);
      await client.closed;
      expect(client.answer()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(client.answer().split("\r\n\r\n")[0]).toMatch(/^connection: close$/im);
    }
    expect(errorLines()).toEqual([]);
  });

  it("does not log a client that hangs up in the middle of its body as a failure", async () => {
    const targets = ["/login", "/contact-us.data", "/resources/subscribe"];
    const from = server.output().length;
    for (const target of targets) {
      // Asked to, the server says when it has taken the request ("100 Continue"): its handler runs,
      // and reads the body, from then on. The client hangs up after that.
      const client = rawRequest(
        server.url,
        post(target, 8000, "Expect: 100-continue\r\n"),
        "email=" + "a".repeat(3000),
      );
      await client.answered(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
      client.socket.destroy();
      await client.closed;
    }
    // The server logs each request once it is done with it; a failure would be logged before.
    const logged = (target: string) => server.output().slice(from).includes(`"path":"${target}"`);
    await untilOutput(server, () => targets.every(logged));
    expect(errorLines()).toEqual([]);
    expect(server.output()).not.toContain('"status":500');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it(`refuses a client's connection number ${MAX_CONNECTIONS_PER_CLIENT + 1} with 503, and serves it again once it closes some`, async () => {
    const { port } = new URL(server.url);
    const open: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT; i++) {
        const socket = connect({ port: Number(port), host: "127.0.0.1" });
        socket.on("error", () => {});
        await new Promise((resolve) => socket.once("connect", resolve));
        open.push(socket);
      }
      const extra = rawRequest(server.url, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await extra.closed;
      expect(extra.answer()).toMatch(/^HTTP\/1\.1 503 /);
    } finally {
      for (const socket of open) socket.destroy();
    }
    // The server frees the places as its loop reads the closes; each refused try takes a turn of that loop.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 200 && statuses.length < 5) statuses.push((await fetch(`${server.url}/healthz`)).status);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });
});

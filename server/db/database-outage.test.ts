import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";
import { createThrowawayPostgresDatabase } from "#tests/support/test-database.ts";

/**
 * PostgreSQL restarting, failing over or dropping off the network must not end the shop: the
 * server in front answers 503 meanwhile, quickly, and recovers by itself. The database sits
 * behind a proxy the test cuts (every connection reset, new ones refused), after its sessions
 * were ended the way a restart ends them ("terminating connection due to administrator command").
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the server while PostgreSQL goes away", () => {
  let server: ServerProcess | undefined;
  let proxy: TcpProxy | undefined;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 during the outage, never crashes or hangs, and recovers by itself", async () => {
    const database = await createThrowawayPostgresDatabase();
    drop = database.drop;
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-outage-"));
    server = await startServerProcess({ dataDir, env: { DATABASE_URL: viaProxy.toString() } });
    const base = server.url;

    // Shoppers keep loading pages through the whole outage; a request that hung would outlast the test.
    const answered: number[][] = [[], [], [], []];
    const watchers = new Set<() => void>();
    /** Resolves once the shoppers' answers so far meet `condition`, checked after every answer. */
    const whenAnswered = (condition: (statuses: number[][]) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!condition(answered)) return;
          watchers.delete(check);
          resolve();
        };
        watchers.add(check);
        check();
      });
    let loading = true;
    const shopper = async (statuses: number[]) => {
      while (loading) {
        const response = await fetch(`${base}/`);
        await response.arrayBuffer();
        statuses.push(response.status);
        for (const check of [...watchers]) check();
      }
    };
    const shoppers = answered.map(shopper);
    await whenAnswered((all) => all.every((statuses) => statuses.includes(200)));

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [target.pathname.slice(1)],
    );
    await admin.end();
    proxy.cut();

    // The outage lasts until every shopper has been turned away twice: the server keeps answering.
    const before = answered.map((statuses) => statuses.length);
    const turnedAway = (all: number[][], times: number) =>
      all.every((statuses, i) => statuses.slice(before[i]).filter((s) => s === 503).length >= times);
    await whenAnswered((all) => turnedAway(all, 1));
    const during = await fetch(`${base}/`);
    expect(during.status).toBe(503);
    expect(await during.text()).toContain("briefly unavailable");
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    await whenAnswered((all) => turnedAway(all, 2));

    // Back by itself: every shopper is served again, with nothing done to the server.
    proxy.restore();
    const restored = answered.map((statuses) => statuses.length);
    await whenAnswered((all) => all.every((statuses, i) => statuses.slice(restored[i]).includes(200)));
    expect((await fetch(`${base}/`)).status).toBe(200);
    loading = false;
    await Promise.all(shoppers);

    expect(server.child.exitCode).toBeNull();
    const statuses = answered.flat();
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 60_000);
});

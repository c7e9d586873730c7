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

    // Shoppers keep loading pages through the whole outage.
    const statuses: number[] = [];
    const slowest = { ms: 0 };
    let loading = true;
    const shopper = async () => {
      while (loading) {
        const started = Date.now();
        const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        statuses.push(response.status);
        slowest.ms = Math.max(slowest.ms, Date.now() - started);
      }
    };
    const shoppers = Array.from({ length: 4 }, shopper);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [target.pathname.slice(1)],
    );
    await admin.end();
    proxy.cut();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) });
    expect(during.status).toBe(503);
    expect(await during.text()).toContain("briefly unavailable");
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    proxy.restore();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 15_000) {
      status = (await fetch(`${base}/`)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(10_000);
    loading = false;
    await Promise.all(shoppers);

    expect(server.child.exitCode).toBeNull();
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(slowest.ms).toBeLessThan(8000);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 60_000);
});

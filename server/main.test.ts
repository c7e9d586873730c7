import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";

describe("the production server process", () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-main-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("stops with one clear line naming a bad variable", async () => {
    const server = await startServerProcess({ dataDir: dataDir(), env: { PORT: "not-a-port" }, waitForReady: false });
    servers.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT .*"not-a-port"/);
    expect(server.output().trim().split("\n")).toHaveLength(1);
  });

  it("refuses to start in production without APP_SECRET", async () => {
    const server = await startServerProcess({
      dataDir: dataDir(),
      env: { NODE_ENV: "production" },
      waitForReady: false,
    });
    servers.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("APP_SECRET is required when NODE_ENV=production");
  });

  it("seeds on first start only and keeps data across restarts", async () => {
    const dir = dataDir();
    const first = await startServerProcess({ dataDir: dir });
    expect(first.output()).toContain("demo catalogue seeded");
    expect(first.output()).toContain(`Shop running at`);
    const home = await (await fetch(first.url)).text();
    expect(await first.stop()).toBe(0);

    const second = await startServerProcess({ dataDir: dir });
    servers.push(second);
    expect(second.output()).not.toContain("demo catalogue seeded");
    expect(second.output()).not.toContain("database migrated");
    const again = await (await fetch(second.url)).text();
    const titles = (html: string) =>
      [...html.matchAll(/<h3[^>]*><a [^>]*href="\/books\/[^"]*"[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    expect(titles(again)).toEqual(titles(home));
    expect(titles(again)).toHaveLength(4);
  });

  it("offers the one-time setup link and `npm run admin -- create`, never a sign-up as OWNER_EMAIL", async () => {
    const server = await startServerProcess({ dataDir: dataDir(), env: { OWNER_EMAIL: "owner@example.com" } });
    servers.push(server);
    await expect.poll(() => server.output()).toContain("npm run admin -- create <email>");
    expect(server.output()).toMatch(/\/setup\?token=[\w-]+/);
    expect(server.output()).not.toMatch(/sign up|\/signup/i);
    expect(server.output()).toContain("becomes an admin only once its address is verified");
  });

  it("behind a proxy (TRUST_PROXY) listens on 127.0.0.1 only, so nobody can reach it with a forged X-Forwarded-For", async () => {
    const server = await startServerProcess({ dataDir: dataDir(), env: { TRUST_PROXY: "true" } });
    servers.push(server);
    expect(server.output()).toContain('"address":"127.0.0.1"');
    const port = new URL(server.url).port;
    // This machine's other addresses (a CI machine has at least its network card's) are refused.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === "IPv4" && !entry.internal)
      .map((entry) => entry!.address);
    for (const address of others) {
      await expect(fetch(`http://${address}:${port}/healthz`)).rejects.toThrow();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("finishes in-flight requests and exits 0 on SIGTERM", async () => {
    const server = await startServerProcess({ dataDir: dataDir() });
    // An idle keep-alive connection must not hold the shutdown open.
    const agentResponse = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/healthz`, { headers: { connection: "keep-alive" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end();
    });
    expect(agentResponse).toBe(200);
    const inFlight = fetch(`${server.url}/`).then((r) => r.status);
    server.child.kill("SIGTERM");
    expect(await inFlight).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it("says it is not ready as soon as shutdown starts and keeps serving for the drain time", async () => {
    const server = await startServerProcess({ dataDir: dataDir(), env: { SHUTDOWN_DRAIN_MS: "1500" } });
    servers.push(server);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(503);
    // Requests still arriving while the balancer notices are answered, not refused.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});

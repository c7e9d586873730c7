// Anonymous throughput: the home page as a visitor without a session gets it, from the shop (a
// real build/node/main.js process, one Node process) and from nginx (one worker) serving the very
// same HTML saved to a file, gzip on in both, side by side in one run. The ratio is the target:
// what the whole-page cache (decision 17) buys against a static file. Used by bench/run.ts.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { NGINX_PATH, writeNginxConfig } from "#tests/support/nginx-balancer.ts";
import { freePort, startServerProcess } from "#tests/support/server-process.ts";

/** Requests in flight at once over keep-alive connections (as `wrk -c32`). */
const CONNECTIONS = 32;
const DURATION_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 5000);
const WARM_UP_MS = 1000;
const HEADERS = {
  "accept-encoding": "gzip",
  accept: "text/html,application/xhtml+xml",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) shop-bench",
};

export interface AnonymousThroughput {
  shopPerSecond: number;
  /** The same page rendered for every request (a toast cookie sends it past the page cache). */
  renderedPerSecond: number;
  nginxPerSecond: number;
  /** Shop as a percentage of nginx. */
  percentOfNginx: number;
  errors: number;
}

export async function measureAnonymousThroughput(): Promise<AnonymousThroughput> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-throughput-"));
  const siteDir = mkdtempSync(path.join(tmpdir(), "shop-bench-nginx-"));
  const server = await startServerProcess({ dataDir });
  let stopNginx: (() => Promise<void>) | undefined;
  try {
    const page = await get(`${server.url}/`);
    if (page.status !== 200) throw new Error(`the home page answered ${page.status}`);
    const html = page.encoding === "gzip" ? gunzipSync(page.body) : page.body;
    const nginx = await startStaticNginx(siteDir, html);
    stopNginx = nginx.stop;

    const shop = await load(`${server.url}/`);
    const rendered = await load(`${server.url}/`, { cookie: "shop_flash=none" });
    const statics = await load(`${nginx.url}/`);
    return {
      shopPerSecond: shop.perSecond,
      renderedPerSecond: rendered.perSecond,
      nginxPerSecond: statics.perSecond,
      percentOfNginx: (shop.perSecond / statics.perSecond) * 100,
      errors: shop.errors + rendered.errors + statics.errors,
    };
  } finally {
    await stopNginx?.();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
  }
}

/**
 * `connections` loops (CONNECTIONS unless given), each sending its next request as soon as the last answer is read, for
 * WARM_UP_MS (not counted) and then DURATION_MS (counted).
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<{ perSecond: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let counting = false;
  let stopped = false;
  let done = 0;
  let errors = 0;
  const loops = Array.from({ length: connections }, async () => {
    while (!stopped) {
      try {
        const { status } = await get(url, agent, headers);
        if (counting && status === 200) done++;
        else if (counting) errors++;
      } catch {
        if (counting) errors++;
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stopped = true;
  await Promise.all(loops);
  agent.destroy();
  return { perSecond: done / seconds, errors };
}

export function get(
  url: string,
  agent?: http.Agent,
  headers: Record<string, string> = {},
): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...HEADERS, ...headers }, ...(agent ? { agent } : {}) }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** nginx as a static-file server would run it: one worker, gzip on, access log to a file. */
async function startStaticNginx(dir: string, html: Buffer): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.join(dir, "root");
  mkdirSync(root, { mode: 0o755 });
  writeFileSync(path.join(root, "index.html"), html, { mode: 0o644 });
  const port = await freePort();
  const args = writeNginxConfig(
    dir,
    `access_log ${dir}/access.log;
keepalive_requests 100000;
gzip on;
gzip_types text/html;
server {
  listen 127.0.0.1:${port};
  root ${root};
  default_type text/html;
  location / { try_files /index.html =404; }
}`,
  );
  const child = spawn(NGINX_PATH, args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await get(`${url}/`)).status === 200) break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

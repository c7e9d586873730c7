import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process.ts";

export const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";
/** The site file docs/deploy.md tells operators to install; the balancer runs it as written. */
const SITE_FILE = path.resolve("deploy/nginx/little-scrolls.conf");

export interface NginxBalancer {
  /** https://localhost:<port>: the shop as visitors reach it. */
  url: string;
  /** http://localhost:<port>: the plain-HTTP listener (redirects to HTTPS). */
  httpUrl: string;
  /** The self-signed certificate nginx presents, to trust in requests. */
  certificate: Buffer;
  /** Everything nginx wrote to its error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx running deploy/nginx/little-scrolls.conf with only what a test must change:
 * the instances' ports, loopback listeners on free ports, and a self-signed certificate for
 * localhost made with openssl (as docs/deploy.md shows for trying it out). Each replacement must
 * find its text, so an edit of the site file that the guide's steps no longer match fails here.
 */
export async function startNginxBalancer(options: { upstreams: string[]; httpsPort?: number }): Promise<NginxBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-nginx-"));
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const openssl = spawnSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
    "-keyout", key, "-out", cert,
    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
  ]); // prettier-ignore
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);

  const httpsPort = options.httpsPort ?? (await freePort());
  const httpPort = await freePort();
  let site = readFileSync(SITE_FILE, "utf8");
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`${SITE_FILE} no longer contains "${from}"`);
    site = site.replaceAll(from, to);
  };
  replace(
    "server 127.0.0.1:3000 max_fails=1 fail_timeout=10s;",
    options.upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=10s;`).join("\n    "),
  );
  replace("listen 80;", `listen 127.0.0.1:${httpPort};`);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace("/etc/letsencrypt/live/shop.example.org/fullchain.pem", cert);
  replace("/etc/letsencrypt/live/shop.example.org/privkey.pem", key);
  replace("shared:little_scrolls_tls:10m", "shared:little_scrolls_tls:1m");
  replace("server_name shop.example.org;", "server_name localhost;");
  writeFileSync(path.join(dir, "site.conf"), site);
  const args = writeNginxConfig(dir, `access_log off;\ninclude ${dir}/site.conf;`);
  const errorLog = () =>
    existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
  const check = spawnSync(NGINX_PATH, ["-t", ...args]);
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);

  const child: ChildProcess = spawn(NGINX_PATH, args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await waitForPort(httpsPort);
  return {
    url: `https://localhost:${httpsPort}`,
    httpUrl: `http://localhost:${httpPort}`,
    certificate: readFileSync(cert),
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Readies `dir` for an nginx of its own, as Debian's /etc/nginx/nginx.conf frames a site but
 * pointed at `dir`: one worker in the foreground, its pid, error log and temp files there, and
 * `http`, the lines of the `http` block. Returns nginx's arguments to run with it.
 */
export function writeNginxConfig(dir: string, http: string): string[] {
  // Workers run as an unprivileged user when nginx starts as root: they must reach the temp paths.
  chmodSync(dir, 0o755);
  const temp = path.join(dir, "temp");
  mkdirSync(temp, { mode: 0o777 });
  chmodSync(temp, 0o777);
  const config = path.join(dir, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${http
  .split("\n")
  .map((line) => `  ${line}\n`)
  .join("")}}
`,
  );
  return ["-p", dir, "-c", config, "-e", path.join(dir, "error.log")];
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

export interface SimpleResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
}

/**
 * One request over HTTPS trusting `certificate` (Node's fetch cannot be given a CA per call), or
 * over plain HTTP, optionally from a chosen loopback address. A new connection per request, as
 * from separate visitors, unless `agent` is given (a browser keeps its connection open between
 * pages: pass one keep-alive agent per simulated browser). Never follows redirects.
 */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    certificate?: Buffer;
    /** A loopback address of 127/8 to connect from: the server then sees a client of its own. */
    localAddress?: string;
    /** Reuse this agent's connections (keep-alive) instead of a new connection per request. */
    agent?: http.Agent;
  } = {},
): Promise<SimpleResponse> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        ca: options.certificate,
        agent: options.agent ?? false,
        localAddress: options.localAddress,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString("utf8"),
          });
        });
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.end(options.body);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesOf(response: SimpleResponse): string {
  const setCookie = response.headers["set-cookie"];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(";")[0]).join("; ");
}

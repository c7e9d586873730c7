// "Hashing flood": the home page's p50 while 8 clients sign in (successfully) as fast as they
// can, as a ratio of its p50 at rest, against a real build/node/main.js process. Used by
// bench/run.ts.
//
// The clients come through a trusted proxy (TRUST_PROXY=true) and every request carries a new
// X-Forwarded-For address (each client its own range), over many accounts: like a botnet with a
// list of valid passwords, the flood stays inside the per-client and per-account budgets, so what
// keeps the home page fast is the bounded hashing queue, not the limits.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { homePageP50, warmUpHomePage } from "./home-page-latency.ts";
import { startServerProcess } from "#tests/support/server-process.ts";

const CLIENTS = 8;
const ACCOUNTS = 64;
const SAMPLES = 150;
const PASSWORD = "Mustard-Seed-Faith-42";

export interface HashingFlood {
  restP50: number;
  floodP50: number;
  ratio: number;
  /** Sign-in answers during the flood, by HTTP status (302 = signed in). */
  statuses: Record<number, number>;
}

export async function measureHashingFlood(): Promise<HashingFlood> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-flood-"));
  const server = await startServerProcess({ dataDir, env: { TRUST_PROXY: "true" } });
  try {
    const post = (pathname: string, address: string, fields: Record<string, string>) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
        body: new URLSearchParams(fields),
      });
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `flood-${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      const response = await post("/signup", `10.200.0.${i + 1}`, { email, password: PASSWORD });
      await response.arrayBuffer();
      if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
    }

    const homeP50 = () => homePageP50(server.url, SAMPLES);
    await warmUpHomePage(server.url);
    const restP50 = await homeP50();

    const statuses: Record<number, number> = {};
    let flooding = true;
    let next = 0;
    const client = async (c: number) => {
      for (let i = 0; flooding; i++) {
        const n = next++;
        const address = `10.${c + 1}.${(i >> 8) & 255}.${i & 255}`;
        const response = await post("/login", address, { email: emails[n % ACCOUNTS]!, password: PASSWORD });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the flood build up
    const floodP50 = await homeP50();
    flooding = false;
    await Promise.all(clients);
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    if ((statuses[302] ?? 0) < total * 0.95)
      throw new Error(`The flood was not made of sign-ins: ${JSON.stringify(statuses)}`);
    return { restP50, floodP50, ratio: floodP50 / restP50, statuses };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// "Refused sign-in flood": the home page's p50 (the page cache) while 8 clients post sign-ins as
// fast as they can from one address each, all refused (their failures spent first), as a ratio of its p50 while the same 8 clients load the home page as fast as they can:
// a refusal should cost about what a page view does. Against a production start of build/node/main.js.
// Used by bench/run.ts; `npx tsx bench/refused-sign-in-flood.ts` prints the figures alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { homePageP50, warmUpHomePage } from "./home-page-latency.ts";
import { startServerProcess } from "#tests/support/server-process.ts";

const CLIENTS = 8;
const SAMPLES = 200;
const APP_SECRET = "refused-sign-in-bench-secret-0123456789abcdef";

/** A sign-in with a wrong password from the flood's client `c` (one address each, through the trusted proxy header). */
function signInRequest(c: number): RequestInit {
  return {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.77.0.${c + 1}` },
    body: new URLSearchParams({ email: `guess-${c}@example.com`, password: "Not-The-Password-1" }),
  };
}

/**
 * The flood, in a worker: `clients` loops, each loading the home page or posting a wrong
 * password (as signInRequest does) one request after another until told to stop; then posts the
 * answers' statuses.
 */
const FLOOD = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, clients, kind } = workerData;
let stopping = false;
parentPort.once("message", () => (stopping = true));
const statuses = {};
const client = async (c) => {
  while (!stopping) {
    const response =
      kind === "page"
        ? await fetch(url + "/")
        : await fetch(url + "/login", {
            method: "POST",
            redirect: "manual",
            headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.77.0." + (c + 1) },
            body: new URLSearchParams({ email: "guess-" + c + "@example.com", password: "Not-The-Password-1" }),
          });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
};
Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => parentPort.postMessage(statuses));
`;

export interface RefusedSignInFlood {
  pageFloodP50: number;
  signInFloodP50: number;
  ratio: number;
  /** Sign-in answers during the flood, by HTTP status. */
  statuses: Record<number, number>;
}

export async function measureRefusedSignInFlood(): Promise<RefusedSignInFlood> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-refusals-"));
  const server = await startServerProcess({
    dataDir,
    env: { APP_SECRET, NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "true" },
  });
  try {
    const homeP50 = () => homePageP50(server.url, SAMPLES);
    /** Floods the server from a worker thread (so the flood's own work does not hold up the samples here) while `homeP50` runs. */
    const during = async (kind: "page" | "sign-in") => {
      const flood = new Worker(FLOOD, { eval: true, workerData: { url: server.url, clients: CLIENTS, kind } });
      const counted = new Promise<Record<number, number>>((resolve, reject) => {
        flood.on("message", resolve);
        flood.on("error", reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 500)); // let the flood build up
      const p50 = await homeP50();
      flood.postMessage("stop");
      const statuses = await counted;
      await flood.terminate();
      return { p50, statuses };
    };
    await warmUpHomePage(server.url);

    const pageFlood = await during("page");
    // Each client spends its failures first (5 wrong passwords a minute), as a flood does in its first second.
    for (let c = 0; c < CLIENTS; c++) {
      for (;;) {
        const response = await fetch(`${server.url}/login`, signInRequest(c));
        await response.arrayBuffer();
        if (response.status !== 401) break;
      }
    }
    const signInFlood = await during("sign-in");
    const statuses = signInFlood.statuses;
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    // Refused: 429 (the sign-in page) before the gate in front of it, 303 (back to the form) since.
    if ((statuses[429] ?? 0) + (statuses[303] ?? 0) < total * 0.99) {
      throw new Error(`The flood was not made of refusals: ${JSON.stringify(statuses)}`);
    }
    return {
      pageFloodP50: pageFlood.p50,
      signInFloodP50: signInFlood.p50,
      ratio: signInFlood.p50 / pageFlood.p50,
      statuses,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureRefusedSignInFlood();
  console.log(
    `home page p50: ${figures.pageFloodP50.toFixed(1)} ms under a flood of page views, ${figures.signInFloodP50.toFixed(1)} ms under a flood of refused sign-ins (${figures.ratio.toFixed(2)}x; answers ${JSON.stringify(figures.statuses)})`,
  );
}

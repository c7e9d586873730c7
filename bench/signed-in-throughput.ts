// Signed-in throughput (issue 30): a signed-in customer's home page and an admin's list pages
// against an anonymous page rendered every time (the checkout with a book in its cart, which the
// page cache never keeps), side by side in one run of one production server process, at 8
// connections; and the customer's home page at 1, 8 and 32 connections. Each page is measured
// right after the reference, and compared with that reference's figure, so that a machine that
// gets busier or a server that warms up during the run favours neither. Used by bench/run.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import { startServerProcess } from "#tests/support/server-process.ts";
import { newCustomerSession } from "#tests/support/customer-session.ts";
import { TEST_PASSWORD } from "#tests/support/test-sessions.ts";
import { load } from "./anonymous-throughput.ts";

const CONNECTIONS = 8;
const SCALING = [1, 8, 32] as const;
/** Every list page of the back office. */
const ADMIN_LISTS = [
  "/admin/books",
  "/admin/bundles",
  "/admin/orders",
  "/admin/customers",
  "/admin/subscribers",
  "/admin/discounts",
  "/admin/messages",
  "/admin/tax-exemptions",
  "/admin/returns",
] as const;

/** A page's requests per second, and the reference's measured just before it. */
export interface PairedFigure {
  perSecond: number;
  referencePerSecond: number;
}

export interface SignedInThroughput {
  /** Against the anonymous checkout page, rendered for every request: the reference. */
  customerHome: PairedFigure;
  adminLists: Record<string, PairedFigure>;
  /** The customer's home page at 1, 8 and 32 connections. */
  scaling: { connections: number; perSecond: number }[];
  errors: number;
}

export async function measureSignedInThroughput(): Promise<SignedInThroughput> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-signed-in-"));
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: "warn" } });
  try {
    const customer = await newCustomerSession(server.url, { email: "reader@example.com", password: TEST_PASSWORD });
    const admin = await newCustomerSession(server.url, { email: "staff@example.com", password: TEST_PASSWORD });
    const handle = openDatabase({ dataDir });
    let reference: string;
    try {
      // Made an admin as `npm run admin -- grant` does: the role is read with every session.
      await handle.db.updateTable("user").set({ role: "admin" }).where("email", "=", "staff@example.com").execute();
      const book = await handle.db.selectFrom("books").select("id").orderBy("title").executeTakeFirstOrThrow();
      reference = `${server.url}/checkout?items=${book.id}:1`;
    } finally {
      await handle.close();
    }
    let errors = 0;
    const measure = async (url: string, cookie?: string, connections = CONNECTIONS) => {
      const result = await load(url, cookie ? { cookie } : {}, connections);
      errors += result.errors;
      return result.perSecond;
    };
    const paired = async (url: string, cookie: string): Promise<PairedFigure> => {
      const referencePerSecond = await measure(reference);
      return { perSecond: await measure(url, cookie), referencePerSecond };
    };
    const customerHome = await paired(`${server.url}/`, customer);
    const adminLists: Record<string, PairedFigure> = {};
    for (const list of ADMIN_LISTS) adminLists[list] = await paired(`${server.url}${list}`, admin);
    const scaling = [];
    for (const connections of SCALING) {
      const perSecond =
        connections === CONNECTIONS ? customerHome.perSecond : await measure(`${server.url}/`, customer, connections);
      scaling.push({ connections, perSecond });
    }
    return { customerHome, adminLists, scaling, errors };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureSignedInThroughput();
  console.log(JSON.stringify(figures, null, 2));
}

// Mixed load: 50 shoppers browsing and placing invoice orders plus an admin editing books, for
// 60 s, against the real build. SQLite: one instance. PostgreSQL (TEST_DATABASE_URL set): two
// instances behind nginx running deploy/nginx/little-scrolls.conf with TLS (nginx needed).
// Each shopper's browser keeps its connection open between pages; every instance is warmed up
// before the measured minute. Reports throughput, p50/p99 of every request (and of each kind),
// errors and oversold units. Used by bench/run.ts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from "#server/db/database.ts";
import { cookiesOf, NGINX_PATH, request, startNginxBalancer } from "#tests/support/nginx-balancer.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { freePort, startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";
import { createThrowawayPostgresDatabase } from "#tests/support/test-database.ts";

const SHOPPERS = 50;
const DURATION_MS = Number(process.env.BENCH_MIXED_LOAD_MS ?? 60_000);
/**
 * A shopper reads a page for this long before the next one (uniformly 2 s to 5 s: quicker than
 * people browse, so 50 shoppers make about 15 requests a second). The server renders one page at a
 * time on one core, so the figure says how the shop does at that steady rate on this machine.
 */
const THINK_MS = { min: 2000, max: 5000 };
/** Books whose stock runs out during the run: the oversell check. */
const SCARCE_STOCK = 15;
const SCARCE_BOOKS = 3;
const APP_SECRET = "mixed-load-bench-secret-0123456789abcdef-0123";
const ADMIN = { email: "owner@example.com", password: "Shepherd-Psalm-23-Still-Waters" };

export interface MixedLoadFigures {
  engine: DatabaseEngine;
  instances: number;
  requests: number;
  requestsPerSecond: number;
  ordersPlaced: number;
  p50: number;
  p99: number;
  errors: number;
  oversoldUnits: number;
  /** The first few errors, to say what went wrong. */
  errorSamples: string[];
  /** p50/p99 and count of each kind of request, to say where a slow tail comes from. */
  byKind: { kind: string; count: number; p50: number; p99: number }[];
}

export function mixedLoadSetups(): { engine: DatabaseEngine; instances: number; skipped?: string }[] {
  const setups: { engine: DatabaseEngine; instances: number; skipped?: string }[] = [
    { engine: "sqlite", instances: 1 },
  ];
  if (process.env.TEST_DATABASE_URL) {
    setups.push(
      existsSync(NGINX_PATH)
        ? { engine: "postgres", instances: 2 }
        : { engine: "postgres", instances: 2, skipped: `no nginx at ${NGINX_PATH}` },
    );
  }
  return setups;
}

export async function measureMixedLoad(engine: DatabaseEngine, instances: number): Promise<MixedLoadFigures> {
  const dataDirs: string[] = [];
  const postgres = engine === "postgres" ? await createThrowawayPostgresDatabase() : null;
  const servers: ServerProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginxBalancer>> | null = null;
  let db: DatabaseHandle | null = null;
  try {
    const httpsPort = await freePort();
    const start = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-mixed-"));
      dataDirs.push(dataDir);
      return startServerProcess({
        dataDir,
        env: {
          APP_SECRET,
          NODE_ENV: "production",
          LOG_LEVEL: "warn",
          TRUST_PROXY: "true",
          ...(postgres ? { DATABASE_URL: postgres.url, PUBLIC_URL: `https://localhost:${httpsPort}` } : {}),
        },
      });
    };
    servers.push(...(await Promise.all(Array.from({ length: instances }, start))));
    if (instances > 1) {
      nginx = await startNginxBalancer({ upstreams: servers.map((s) => new URL(s.url).host), httpsPort });
    }
    const base = nginx?.url ?? servers[0]!.url;
    const certificate = nginx?.certificate;
    const send = (pathname: string, options: Parameters<typeof request>[1] = {}) =>
      request(`${base}${pathname}`, { ...options, certificate });

    // The owner's account through the one-time setup link, then signed in.
    const setupToken = servers[0]!.output().match(/\/setup\?token=([\w-]+)/)?.[1];
    if (!setupToken) throw new Error("no setup link in the server's log");
    const form = (values: Record<string, string>, headers: Record<string, string> = {}) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(values).toString(),
    });
    await send(`/setup?token=${setupToken}`, form({ token: setupToken, email: ADMIN.email, password: ADMIN.password }));
    const signedIn = await send("/login", form({ ...ADMIN, redirectTo: "/" }));
    if (signedIn.status !== 302) throw new Error(`admin sign-in answered ${signedIn.status}`);
    const adminCookie = cookiesOf(signedIn);

    // The bench reads and arranges the catalogue through its own connection (SQLite allows a
    // second connection of another process; only a second server is refused).
    db = openDatabase({ dataDir: dataDirs[0]!, databaseUrl: postgres?.url });
    await enableInvoicePayments(db.db);
    const books = await db.db.selectFrom("books").select(["id", "slug", "title", "stock"]).orderBy("title").execute();
    const scarce = books.slice(0, SCARCE_BOOKS);
    for (const book of scarce) {
      await db.db.updateTable("books").set({ stock: SCARCE_STOCK }).where("id", "=", book.id).execute();
    }
    const plenty = books.slice(SCARCE_BOOKS);
    for (const book of plenty) {
      await db.db.updateTable("books").set({ stock: null }).where("id", "=", book.id).execute();
    }
    const methodId = (
      await db.db.selectFrom("shipping_methods").select("id").orderBy("position").executeTakeFirstOrThrow()
    ).id;

    const latencies: number[] = [];
    const latenciesByKind = new Map<string, number[]>();
    const errorSamples: string[] = [];
    let errors = 0;
    let ordersPlaced = 0;
    let deadline = Number.POSITIVE_INFINITY; // set when the measured run starts
    const timed = async (what: string, run: () => ReturnType<typeof request>, ok: (status: number) => boolean) => {
      const t0 = performance.now();
      try {
        const response = await run();
        const elapsed = performance.now() - t0;
        latencies.push(elapsed);
        const ofKind = latenciesByKind.get(what) ?? [];
        ofKind.push(elapsed);
        latenciesByKind.set(what, ofKind);
        if (!ok(response.status)) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(`${what}: ${response.status}`);
        }
        return response;
      } catch (error) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${what}: ${(error as Error).message}`);
        return null;
      }
    };
    const think = () => new Promise((r) => setTimeout(r, THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min)));
    const is200 = (status: number) => status === 200;

    let visitors = 0;
    const shopper = async (index: number) => {
      // Shoppers arrive spread over one mean reading time, as a steady stream of 50 people browsing
      // would: all 50 asking for the home page in the same second is a burst, not this load.
      await new Promise((r) => setTimeout(r, (index * (THINK_MS.min + THINK_MS.max)) / 2 / SHOPPERS));
      while (Date.now() < deadline) {
        // Each journey is a new visitor with an address of its own (limits count per client),
        // whose browser keeps its connection open from page to page, as browsers do.
        visitors += 1;
        const localAddress = `127.3.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
        const agent = base.startsWith("https:")
          ? new https.Agent({ keepAlive: true, maxSockets: 1 })
          : new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          await journey(visitors, localAddress, agent);
        } finally {
          agent.destroy();
        }
      }
    };
    const journey = async (visitor: number, localAddress: string, agent: http.Agent) => {
      const book = Math.random() < 0.3 ? scarce[visitor % scarce.length]! : plenty[visitor % plenty.length]!;
      await timed("home", () => send("/", { localAddress, agent }), is200);
      await think();
      await timed("book page", () => send(`/books/${book.slug}`, { localAddress, agent }), is200);
      await think();
      if (Date.now() >= deadline) return;
      const checkout = await timed(
        "checkout page",
        () => send(`/checkout?items=${book.id}:1`, { localAddress, agent }),
        is200,
      );
      const checkoutToken = checkout?.text().match(/name="checkoutToken" value="([\w-]+)"/)?.[1];
      if (!checkoutToken) return;
      await think();
      const placed = await timed(
        "place order",
        () =>
          send("/checkout", {
            localAddress,
            agent,
            ...form({
              checkoutToken,
              items: `${book.id}:1`,
              email: `shopper${visitor}@example.com`,
              fullName: "Load Shopper",
              country: "US",
              street: "1 Main St",
              city: "Springfield",
              region: "IL",
              postalCode: "62701",
              shippingMethodId: methodId,
              paymentMethod: "invoice",
            }),
          }),
        // 409: the book sold out meanwhile, a correct answer under load.
        (status) => status === 302 || status === 409,
      );
      const location = placed?.headers.location;
      if (placed?.status === 302 && typeof location === "string") {
        ordersPlaced += 1;
        await timed(
          "confirmation",
          () => send(location, { localAddress, agent, headers: { Cookie: cookiesOf(placed) } }),
          is200,
        );
      }
      await think();
    };
    const admin = async () => {
      const agent = base.startsWith("https:")
        ? new https.Agent({ keepAlive: true })
        : new http.Agent({ keepAlive: true });
      try {
        await editBooks(agent);
      } finally {
        agent.destroy();
      }
    };
    const editBooks = async (agent: http.Agent) => {
      let edits = 0;
      while (Date.now() < deadline) {
        const book = plenty[edits % plenty.length]!;
        edits += 1;
        await timed("admin books page", () => send("/admin/books", { agent, headers: { Cookie: adminCookie } }), is200);
        const current = await db!.db
          .selectFrom("books")
          .select(["title", "author", "description", "price_cents"])
          .where("id", "=", book.id)
          .executeTakeFirstOrThrow();
        await timed(
          "admin edits a book",
          () =>
            send("/admin/books", {
              ...form(
                {
                  intent: "update",
                  id: book.id,
                  title: current.title,
                  author: current.author,
                  description: `${current.description.replace(/ \(edit \d+\)$/, "")} (edit ${edits})`,
                  price: (current.price_cents / 100).toFixed(2),
                },
                { Cookie: adminCookie },
              ),
              agent,
            }),
          is200,
        );
        await think();
      }
    };
    // Warm-up, not counted: every instance renders each kind of page a few times first, as a
    // server that has been running does (the first renders of a fresh process compile code).
    for (let i = 0; i < 10 * instances; i++) {
      const book = plenty[i % plenty.length]!;
      await send("/");
      await send(`/books/${book.slug}`);
      await send(`/checkout?items=${book.id}:1`);
      await send("/admin/books", { headers: { Cookie: adminCookie } });
    }

    deadline = Date.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all([...Array.from({ length: SHOPPERS }, (_, i) => shopper(i)), admin()]);
    const seconds = (performance.now() - started) / 1000;

    // Units the run's orders took of each scarce book (the seeded sample orders have no checkout
    // token): never more than its stock, and the stock never below zero.
    let oversoldUnits = 0;
    for (const book of scarce) {
      const row = await db.db.selectFrom("books").select("stock").where("id", "=", book.id).executeTakeFirstOrThrow();
      const sold = await db.db
        .selectFrom("order_items")
        .innerJoin("orders", "orders.id", "order_items.order_id")
        .select((eb) => eb.fn.sum<number>("order_items.quantity").as("n"))
        .where("order_items.book_id", "=", book.id)
        .where("orders.checkout_token", "is not", null)
        .executeTakeFirstOrThrow();
      oversoldUnits += Math.max(0, Number(sold.n ?? 0) - SCARCE_STOCK) + Math.max(0, -Number(row.stock ?? 0));
    }
    const quantileOf = (sorted: number[], q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    latencies.sort((x, y) => x - y);
    const quantile = (q: number) => quantileOf(latencies, q);
    const byKind = [...latenciesByKind].map(([kind, list]) => {
      list.sort((x, y) => x - y);
      return { kind, count: list.length, p50: quantileOf(list, 0.5), p99: quantileOf(list, 0.99) };
    });
    return {
      engine,
      instances,
      requests: latencies.length,
      requestsPerSecond: latencies.length / seconds,
      ordersPlaced,
      p50: quantile(0.5),
      p99: quantile(0.99),
      errors,
      oversoldUnits,
      errorSamples,
      byKind,
    };
  } finally {
    await db?.close();
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import type { KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createBackgroundTasks } from "#server/jobs/background-tasks.ts";
import { createLogger } from "#server/logging/logger.ts";
import { setMaintenanceMode } from "#server/settings/set-maintenance-mode.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { createSecondInstance, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { TEST_BUYER_ADDRESS } from "#tests/support/test-orders.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { FLASH_TOASTS, flashCookie } from "./flash.ts";
import type { AppEnv } from "./app-variables.ts";
import { PageCache, pageCacheMiddleware } from "./page-cache.ts";

const BROWSER = { "accept-encoding": "gzip", accept: "text/html" };
type App = Pick<TestApp, "app" | "services">;

/** An anonymous visit with gzip, as a browser makes it: the cache header, the policy, the page. */
async function visit({ app }: App, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers: { ...BROWSER, ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const html =
    response.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return { response, bytes, html, cache: response.headers.get("x-page-cache") };
}

/** A hit: a miss keeps its page once its body has streamed (a background task), so the next visit is one. */
async function visitUntilHit(t: App, path: string, headers: Record<string, string> = {}) {
  const first = await visit(t, path, headers);
  if (first.cache === "hit") return first;
  await t.services.backgroundTasks.settled();
  const again = await visit(t, path, headers);
  if (again.cache !== "hit") throw new Error(`${path} was not served from the page cache after its miss was kept`);
  return again;
}

/** The book's slug, as its page's address takes it. */
async function bookSlug({ services }: App, bookId: string) {
  const book = await services.db.selectFrom("books").select("slug").where("id", "=", bookId).executeTakeFirstOrThrow();
  return book.slug;
}

const stockStatus = (html: string) => html.match(/data-testid="stock-status"[^>]*>([^<]*)</)?.[1];

describe.each(TEST_ENGINES)("the page cache on %s", (engine) => {
  // Registered first, so cleaned up last: after the second instance on its database.
  const [t, setT] = useFixtureSetByTests<TestApp>();
  let second: Awaited<ReturnType<typeof createSecondInstance>> | undefined;
  afterEach(async () => {
    await second?.cleanup();
    second = undefined;
  });

  it("serves an anonymous visitor's page again from the cache, compressed, its inline scripts allowed by their hashes", async () => {
    setT(await createTestApp(engine));
    const first = await visit(t, "/");
    expect(first.response.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(first.response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+';/);

    const again = await visitUntilHit(t, "/");
    expect(again.response.headers.get("content-encoding")).toBe("gzip");
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const policy = again.response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("'nonce-");
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(again.response.headers.get("x-content-type-options")).toBe("nosniff");
    const inline = [...again.html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const allowed = [...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    for (const script of inline) expect(allowed).toContain(createHash("sha256").update(script).digest("base64"));
    expect(allowed.length).toBe(new Set(inline).size);

    // Each encoding is its own entry; a client-side navigation's data request is cached too.
    expect((await visit(t, "/", { "accept-encoding": "identity" })).cache).toBe("miss");
    await visitUntilHit(t, "/_.data");
  });

  it("keys pages on the encoding they are sent in, not on how the client wrote its Accept-Encoding", async () => {
    setT(await createTestApp(engine));
    await visitUntilHit(t, "/");
    // Every way of asking for gzip shares the one gzip entry.
    for (const header of ["gzip, deflate, br, zstd", "br, gzip;q=0.8", "*", "GZIP", "deflate;q=0.5, gzip"]) {
      const hit = await visit(t, "/", { "accept-encoding": header });
      expect([hit.cache, hit.response.headers.get("content-encoding")], header).toEqual(["hit", "gzip"]);
    }
    // Whatever does not take gzip shares the uncompressed entry, and is sent uncompressed.
    await visitUntilHit(t, "/", { "accept-encoding": "identity" });
    for (const header of ["identity", "br", "gzip;q=0", "*;q=0", "deflate"]) {
      const plain = await visit(t, "/", { "accept-encoding": header });
      expect([plain.cache, plain.response.headers.get("content-encoding")], header).toEqual(["hit", null]);
    }
  });

  it("serves a link's page from one entry whatever tracking parameters ads and mails added to it", async () => {
    setT(await createTestApp(engine));
    const bookId = await insertTestBook(t.services.db, { title: "Ruth Gleans", stock: 4 });
    const slug = await bookSlug(t, bookId);
    const plain = await visitUntilHit(t, `/books/${slug}`);
    for (const query of ["?fbclid=IwAR3x", "?utm_source=mail&utm_campaign=advent", "?gclid=abc&srsltid=AfmB"]) {
      const tracked = await visit(t, `/books/${slug}${query}`);
      expect([tracked.response.status, tracked.cache], query).toEqual([200, "hit"]);
      expect(tracked.bytes.equals(plain.bytes), query).toBe(true);
    }
    // The catalogue renders as if they were not there, rather than redirecting to drop them.
    const books = await visit(t, "/books?utm_source=facebook&fbclid=1");
    expect([books.response.status, books.cache]).toEqual([200, "miss"]);
    expect(books.html).not.toContain("utm_source");
    expect((await visitUntilHit(t, "/books")).bytes.equals(books.bytes)).toBe(true);
    // Other parameters still make their own page.
    expect((await visit(t, `/books/${slug}?ref=friend`)).cache).toBe("miss");
  });

  it("serves signed-in customers a page of their own audience, never a visitor's, and never an admin's", async () => {
    setT(await createTestApp(engine));
    const anonymousFirst = await visitUntilHit(t, "/");
    const reader = await signedInCookie(t.services, "reader@example.com");
    const first = await visit(t, "/", { cookie: reader });
    expect(first.cache).toBe("miss");
    const signedIn = await visitUntilHit(t, "/", { cookie: reader });
    expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
    // The header's account link is the signed-in one, and nothing names who is signed in.
    expect(signedIn.html).toContain('href="/account"');
    expect(signedIn.html).not.toContain("reader@example.com");
    // Another customer shares the entry; a visitor never gets it, nor a customer the visitor's.
    const other = await visit(t, "/", { cookie: await signedInCookie(t.services, "other@example.com") });
    expect([other.cache, other.bytes.equals(signedIn.bytes)]).toEqual(["hit", true]);
    const anonymous = await visit(t, "/");
    expect([anonymous.cache, anonymous.bytes.equals(anonymousFirst.bytes)]).toEqual(["hit", true]);
    expect(anonymous.html).not.toContain('href="/account"');
    expect(anonymous.response.headers.get("cache-control") ?? "").not.toMatch(/private/);

    // An admin's page carries the dashboard link: always rendered, never kept.
    const admin = await signedInCookie(t.services, "owner@example.com", { admin: true });
    for (let i = 0; i < 2; i++) {
      const page = await visit(t, "/", { cookie: admin });
      expect(page.cache).toBeNull();
      expect(page.html).toContain('href="/admin"');
    }
    // A session cookie that matches no session: rendered (its clearing cookie is set), never kept.
    const dead = await visit(t, "/", { cookie: reader.replace(/session_token=[^;]+/, "session_token=gone.sig") });
    expect(dead.cache).toBeNull();
    expect(dead.html).not.toContain('href="/account"');
  });

  it("never answers a visitor with a message waiting from the cache, nor keeps that page", async () => {
    setT(await createTestApp(engine));
    await visitUntilHit(t, "/");
    const flash = flashCookie(t.services, "signed-out").split(";")[0]!;
    const withMessage = await visit(t, "/", { cookie: flash });
    expect(withMessage.cache).toBeNull();
    expect(withMessage.html).toContain(FLASH_TOASTS["signed-out"].title);
    const anonymous = await visit(t, "/");
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).not.toContain(FLASH_TOASTS["signed-out"].title);
  });

  it("keeps no page of checkout, the account area or the admin area", async () => {
    setT(await createTestApp(engine));
    for (const path of ["/checkout", "/login", "/track-order", "/Admin"]) {
      await visit(t, path);
      expect((await visit(t, path)).cache, path).toBeNull();
    }
  });

  it("shows a new book, an order's stock and Coming Soon to the very next anonymous visitor", async () => {
    setT(await createTestApp(engine));
    await enableInvoicePayments(t.services.db);
    const bookId = await insertTestBook(t.services.db, { title: "Ruth and Naomi Cached", stock: 2 });
    const otherId = await insertTestBook(t.services.db, { title: "Jonah Briefly Listed", stock: 3 });
    const home = await visitUntilHit(t, "/");
    expect(home.html).toContain("Ruth and Naomi Cached");
    const slug = await bookSlug(t, bookId);
    const bookPage = await visitUntilHit(t, `/books/${slug}`);
    expect(stockStatus(bookPage.html)).toBe("Only 2 left");

    // An order through the checkout: the stock it took shows on the book's next visit.
    const method = await t.services.db.selectFrom("shipping_methods").select("id").executeTakeFirstOrThrow();
    const placed = await t.app.request("/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        checkoutToken: `tok_${"c".repeat(20)}`,
        email: "buyer@example.com",
        ...TEST_BUYER_ADDRESS,
        paymentMethod: "invoice",
        items: `${bookId}:1`,
        shippingMethodId: method.id,
      }).toString(),
    });
    expect(placed.status).toBe(302);
    const afterOrder = await visit(t, `/books/${slug}`);
    expect(afterOrder.cache).toBe("miss");
    expect(stockStatus(afterOrder.html)).toBe("Only 1 left");

    // The admin deletes a book: gone from the home page at once.
    await visitUntilHit(t, "/");
    const admin = await signedInCookie(t.services, "owner@example.com", { admin: true });
    expect((await visitUntilHit(t, "/")).html).toContain("Jonah Briefly Listed");
    const deleted = await t.app.request("/admin/books", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
      body: new URLSearchParams({ intent: "delete", id: otherId }).toString(),
    });
    expect(deleted.status).toBe(200);
    const afterDelete = await visit(t, "/");
    expect(afterDelete.cache).toBe("miss");
    expect(afterDelete.html).not.toContain("Jonah Briefly Listed");

    // Coming Soon switched on by the admin: every visitor sees it next, and it is never cached.
    await visitUntilHit(t, "/");
    const closed = await t.app.request("/admin/coming-soon", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
      body: new URLSearchParams({ enableMaintenanceMode: "on" }).toString(),
    });
    expect(closed.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const comingSoon = await visit(t, "/");
      expect(comingSoon.response.status).toBe(503);
      expect(comingSoon.cache).toBeNull();
      expect(comingSoon.html).toContain("Coming Soon");
    }
  });

  it("drops its pages on the first request after a write through another instance on the same database", async () => {
    setT(await createTestApp(engine));
    second = await createSecondInstance(t);
    await visitUntilHit(second, "/");
    await setMaintenanceMode(t.services, { on: true });
    const page = await visit(second, "/");
    expect(page.response.status).toBe(503);
    expect(page.html).toContain("Coming Soon");
  });
});

describe("the page cache beside a transaction that rolls back (SQLite, one shared connection)", () => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  /**
   * An anonymous visit that arrives while a transaction bumped the generation, then rolls back.
   * The transaction stays open until the visit asks the shop's database for something: the page
   * cache, in front of everything that queries, has read the generation by then (that query waits
   * for the one connection until the rollback).
   */
  async function visitDuringRolledBackWrite(path: string, bookId: string) {
    const { services } = t;
    const db = services.db;
    let asked!: () => void;
    const visitAsked = new Promise<void>((resolve) => (asked = resolve));
    const watch: KyselyPlugin = {
      transformQuery: ({ node }) => {
        asked();
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    // The same driver, so the same lock: only the moment a query is asked for is seen.
    services.db = db.withPlugin(watch);
    try {
      let during: ReturnType<typeof visit> | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("books").set({ stock: 4 }).where("id", "=", bookId).execute();
          during = visit(t, path);
          await visitAsked;
          throw new Error("a second line was short");
        })
        .catch(() => {});
      await during;
    } finally {
      services.db = db;
    }
    // A miss is kept once its body has streamed.
    await services.backgroundTasks.settled();
  }

  it("never serves a page rendered then as newer than the next write", async () => {
    setT(await createTestApp("sqlite"));
    const id = await insertTestBook(t.services.db, { title: "Price Probe", stock: 5, priceCents: 1000 });
    const path = `/books/test-book-${id}`;
    await visitDuringRolledBackWrite(path, id);
    await t.services.db.updateTable("books").set({ price_cents: 4200 }).where("id", "=", id).execute();
    expect((await visit(t, path)).html).toContain("$42.00");
  });

  it("shows Coming Soon to the next visitor after maintenance mode is switched on", async () => {
    setT(await createTestApp("sqlite"));
    const id = await insertTestBook(t.services.db, { title: "Closed Probe", stock: 5 });
    await visitDuringRolledBackWrite("/", id);
    await setMaintenanceMode(t.services, { on: true });
    expect((await visit(t, "/")).response.status).toBe(503);
  });
});

describe("the page cache for signed-in customers", () => {
  /** Where the cache keeps its pages once their bodies have streamed. */
  const tasks = createBackgroundTasks(createLogger("silent"));
  /** A cache in front of a page that names its viewer when `named` is set. */
  function appNaming(named: boolean) {
    const viewer = { userId: "user-1", email: "Reader@Example.com", isAdmin: false, emailVerified: true };
    const app = new Hono<AppEnv>();
    const session = { viewer, expired: false, headers: new Headers() };
    app.use(pageCacheMiddleware(new PageCache(), { current: async () => 1 }, async () => session, tasks));
    app.use(async (c, next) => {
      c.set("viewer", viewer);
      await next();
      c.res.headers.set("Cache-Control", "private, no-store");
      c.set("privateForViewer", true);
    });
    app.get("/", (c) => c.html(`<p>Welcome${named ? ", reader@example.com" : ""}</p>`));
    return app;
  }
  const visitAs = (app: Hono<AppEnv>) => app.request("/", { headers: { cookie: "shop.session_token=x" } });

  it("keeps a customer's page that names nobody", async () => {
    const app = appNaming(false);
    await visitAs(app);
    await tasks.settled();
    expect((await visitAs(app)).headers.get("x-page-cache")).toBe("hit");
  });

  it("never keeps a customer's page that names its viewer", async () => {
    const app = appNaming(true);
    for (let i = 0; i < 3; i++) {
      expect((await visitAs(app)).headers.get("x-page-cache")).toBe("miss");
      await tasks.settled();
    }
  });
});

describe("the page cache's memory", () => {
  const entry = (generation: number, size: number) => ({
    generation,
    status: 200,
    headers: [],
    body: new Uint8Array(size),
    scriptHashes: [],
    bytes: size,
  });

  it("holds at most its byte budget, dropping the least recently used page first", () => {
    const cache = new PageCache(250);
    cache.set("a", entry(1, 100));
    cache.set("b", entry(1, 100));
    expect(cache.get("a", 1)).toBeDefined(); // "b" is now the least recently used
    cache.set("c", entry(1, 100));
    expect(cache.bytes).toBeLessThanOrEqual(250);
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("c", 1)).toBeDefined();
  });

  it("keeps pages with a query string to a quarter of the budget, so made-up addresses never push out plain pages", () => {
    const cache = new PageCache(1000);
    cache.set("visitor browser gzip http://shop/", entry(1, 100));
    cache.set("visitor browser gzip http://shop/books", entry(1, 100));
    for (let i = 0; i < 50; i++) cache.set(`visitor browser gzip http://shop/books?junk=${i}`, entry(1, 100));
    expect(cache.get("visitor browser gzip http://shop/", 1)).toBeDefined();
    expect(cache.get("visitor browser gzip http://shop/books", 1)).toBeDefined();
    // The two newest query pages are kept: 200 of the 250 they may hold.
    expect(cache.get("visitor browser gzip http://shop/books?junk=49", 1)).toBeDefined();
    expect(cache.get("visitor browser gzip http://shop/books?junk=48", 1)).toBeDefined();
    expect(cache.get("visitor browser gzip http://shop/books?junk=47", 1)).toBeUndefined();
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(400);
  });

  it("forgets a page rendered under an older generation", () => {
    const cache = new PageCache(1000);
    cache.set("a", entry(1, 100));
    expect(cache.get("a", 2)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

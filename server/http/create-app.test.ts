import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { listNewestBooks } from "#server/books/list-books.ts";

describe.each(TEST_ENGINES)("the HTTP app on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.cleanup();
  });

  it("answers the health checks", async () => {
    t = await createTestApp(engine);
    const health = await t.app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await t.app.request("/readyz");
    expect(ready.status).toBe(200);
  });

  it("server-renders the four newest books from the database on the home page", async () => {
    t = await createTestApp(engine);
    const response = await t.app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const all = await listNewestBooks(t.services, { limit: 4 });
    const escape = (s: string) => s.replace(/'/g, "&#x27;");
    // The book grid's section (bundles further down name the books inside them).
    const grid = html.slice(
      html.indexOf('<section id="books"'),
      html.indexOf("</section>", html.indexOf('<section id="books"')),
    );
    expect(grid.length).toBeGreaterThan(0);
    for (const book of all.slice(0, 4)) expect(grid).toContain(escape(book.title));
    for (const book of all.slice(4)) expect(grid).not.toContain(escape(book.title));
    expect(html).toContain("Little Scrolls Press");
  });

  it("sends security headers with every page", async () => {
    t = await createTestApp(engine);
    const response = await t.app.request("/");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    // Inline scripts run only with this response's nonce, and every inline script carries it.
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/g)].map(
      (m) => m[0],
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("renders a real 404 page for unknown paths", async () => {
    t = await createTestApp(engine);
    const response = await t.app.request("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    // Inside the site layout, with the store's name in the header.
    expect(html).toContain("Little Scrolls Press");
  });

  it("renders an error page without details and logs the stack when the database fails", async () => {
    t = await createTestApp(engine);
    await t.services.database.close();
    const response = await t.app.request("/");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
    expect(html).not.toMatch(/sqlite|postgres|pool/i);
    const logged = t.logs.find((l) => l.msg === "request failed");
    expect(logged).toBeDefined();
    expect(String((logged!.err as { stack?: string }).stack)).toMatch(/\bat /);

    const ready = await t.app.request("/readyz");
    expect(ready.status).toBe(503);
  });

  it("logs one line per request with method, path, status and duration, without the query string", async () => {
    t = await createTestApp(engine);
    await t.app.request("/healthz?token=secret-value", { headers: { cookie: "session=abc" } });
    const line = t.logs.find((l) => l.msg === "request" && l.path === "/healthz");
    expect(line).toMatchObject({ method: "GET", path: "/healthz", status: 200 });
    expect(typeof line!.durationMs).toBe("number");
    expect(JSON.stringify(t.logs)).not.toContain("secret-value");
    expect(JSON.stringify(t.logs)).not.toContain("session=abc");
  });
});

describe("static files", () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.cleanup();
  });

  it("serves hashed assets for a year, immutable, precompressed", async () => {
    t = await createTestApp();
    const html = await (await t.app.request("/")).text();
    // The boot module's import of the client entry (its preloads are added after the first paint).
    const asset = html.match(/import\("(\/assets\/[^"]+\.js)"\)/)?.[1];
    expect(asset).toBeDefined();
    const plain = await t.app.request(asset!);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    const compressed = await t.app.request(css, { headers: { "accept-encoding": "gzip, br" } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("content-type")).toContain("text/css");
    expect((await t.app.request("/assets/missing-abc123.js")).status).toBe(404);
    // Unhashed public files get a short cache; pages never inherit a file's caching.
    expect((await t.app.request("/favicon.png")).headers.get("cache-control")).toBe("public, max-age=3600");
    // Clients that ask /favicon.ico without reading the page's icon link get the icon, not a page.
    const ico = await t.app.request("/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    expect((await t.app.request("/")).headers.get("cache-control")).toBeNull();
    expect((await t.app.request("/our-mission")).headers.get("cache-control")).toBeNull();
  });

  it("compresses server-rendered pages", async () => {
    t = await createTestApp();
    const response = await t.app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves covers from the store, and no files from the data directory", async () => {
    t = await createTestApp();
    const [book] = await listNewestBooks(t.services, { limit: 1 });
    const image = await t.app.request(book!.imageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    for (const probe of [
      "/uploads/../app-secret",
      "/uploads/%2e%2e/app-secret",
      "/uploads/..%2fshop.sqlite",
      "/uploads/shop.sqlite",
      "/covers/..%2fshop.sqlite",
    ]) {
      const response = await t.app.request(probe);
      expect(response.status).not.toBe(200);
    }
  });
});

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useAdminTestApp } from "#tests/support/admin-test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The CSV downloads and the books import through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("CSV routes on %s", (engine) => {
  const shop = useAdminTestApp(engine);

  const books = () => shop.t.services.db.selectFrom("books").selectAll().orderBy("id").execute();
  const importFile = (text: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append("file", new File([text], "books.csv", { type: "text/csv" }));
    return shop.t.app.request("/admin/books/import.data", {
      method: "POST",
      body: form,
      headers: { cookie: shop.admin, ...headers },
    });
  };

  it("downloads the orders the search and dates select, and sends a bad range back to the list", async () => {
    const all = await shop.t.app.request("/admin/orders.csv", { headers: { cookie: shop.admin } });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("cache-control")).toBe("no-store");
    expect(all.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const allLines = (await all.text()).split("\r\n").filter(Boolean);
    expect(allLines[0]).toMatch(/^order_id,order_date,customer_name,customer_email,/);
    expect(allLines.length).toBeGreaterThan(2);

    const one = await shop.t.app.request("/admin/orders.csv?search=ord-2025-001&from=&to=", {
      headers: { cookie: shop.admin },
    });
    const oneLines = (await one.text()).split("\r\n").filter(Boolean);
    expect(oneLines.slice(1).map((line) => line.split(",")[0])).toEqual(["ORD-2025-001"]);

    const none = await shop.t.app.request("/admin/orders.csv?from=2000-01-01&to=2000-01-02", {
      headers: { cookie: shop.admin },
    });
    expect((await none.text()).split("\r\n").filter(Boolean)).toHaveLength(1);

    const bad = await shop.t.app.request("/admin/orders.csv?from=2025-03-02&to=2025-03-01", {
      headers: { cookie: shop.admin },
    });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/admin/orders");
    expect(bad.headers.get("set-cookie")).toContain("shop_flash=");
  });

  it("runs one export of a kind at a time", async () => {
    const release = shop.t.services.orderExportLock.tryAcquire()!;
    try {
      const busy = await shop.t.app.request("/admin/orders.csv", { headers: { cookie: shop.admin } });
      expect(busy.status).toBe(429);
      expect(busy.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another kind of export is not held up.
      const books = await shop.t.app.request("/admin/books.csv", { headers: { cookie: shop.admin } });
      expect(books.status).toBe(200);
      await books.text();
    } finally {
      release();
    }
  });

  it("imports its own books export unchanged, refuses a bad file by line and column, then takes the fixed one", async () => {
    const before = await books();
    const download = await shop.t.app.request("/admin/books.csv", { headers: { cookie: shop.admin } });
    expect(download.status).toBe(200);
    const exported = await download.text();
    const same = await importFile(exported);
    const sameText = await same.text();
    expect(same.status, sameText).toBe(200);
    expect(sameText).toContain("unchanged");
    expect(await books()).toEqual(before);

    const bad = await importFile("title,author,description,price\nNew Book,Ann,Fine.,5\nBad,Ann,Oops.,free\n");
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain("The file has 1 problem. Nothing was changed.");
    expect(badText).toContain("Line 3, price");
    expect(await books()).toEqual(before);

    const fixed = await importFile("title,author,description,price\nNew Book,Ann,Fine.,5\nBad,Ann,Oops.,4.50\n");
    expect(fixed.status).toBe(200);
    expect((await books()).length).toBe(before.length + 2);
    const tmpDir = path.join(shop.t.testDb.dataDir, "tmp");
    expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);
  });

  it("refuses an import from another site, a body over the limit and binary garbage, changing nothing", async () => {
    const before = await books();
    const crossSite = await importFile("title,author,description,price\nX,Y,Z,1\n", {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const tooLarge = await importFile(new Uint8Array(5 * 1024 * 1024 + 1).fill(97));
    expect([400, 413]).toContain(tooLarge.status);
    const garbage = await importFile(new Uint8Array(Array.from({ length: 2048 }, (_, i) => (i * 31) % 256)));
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toContain("Nothing was changed.");
    expect(await books()).toEqual(before);
  });
});

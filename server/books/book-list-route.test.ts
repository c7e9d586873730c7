import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import type { BookListPage } from "./book.ts";

// /resources/books through the real app and build (needs `npm run build`): the public book list.
describe.each(TEST_ENGINES)("GET /resources/books on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // 30 books newer than the 13 of the demo catalogue: 43 in all, two pages of 24.
    await t.services.db
      .insertInto("books")
      .values(
        Array.from({ length: 30 }, (_, index) =>
          bookRow(index, {
            slug: `listed-${index}`,
            title: `Listed ${index}`,
            created_at: `2099-01-01T00:${String(index).padStart(2, "0")}:00.000Z`,
          }),
        ),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const get = (path: string) => t.app.request(path, { headers: { "Accept-Encoding": "identity" } });
  const listed = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as BookListPage;
  };

  it("answers one bounded page of books at a time, newest first", async () => {
    const first = await listed("/resources/books");
    expect(first.books).toHaveLength(24);
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    expect(first.books[0]!.title).toBe("Listed 29");
    const second = await listed("/resources/books?page=2");
    expect(second.books).toHaveLength(19);
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    const titles = [...first.books, ...second.books].map((book) => book.title);
    expect(new Set(titles).size).toBe(43);
  });

  it("sends any other address to the one address of its page", async () => {
    for (const [path, location] of [
      ["/resources/books?page=1", "/resources/books"],
      ["/resources/books?page=NaN", "/resources/books"],
      ["/resources/books?page=-3", "/resources/books"],
      ["/resources/books?page=02", "/resources/books?page=2"],
      ["/resources/books?page=2&x=1", "/resources/books?page=2"],
      ["/resources/books?cachebuster=123", "/resources/books"],
      // Past the end: the last page.
      ["/resources/books?page=99999", "/resources/books?page=2"],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(location);
    }
  });

  it("is kept by the page cache for every visitor until the books change", async () => {
    await listed("/resources/books?page=2");
    const again = await get("/resources/books?page=2");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    await t.services.db
      .insertInto("books")
      .values(bookRow(99, { slug: "listed-late", title: "Listed Late", created_at: "2099-02-01T00:00:00.000Z" }))
      .execute();
    const changed = await get("/resources/books");
    expect(changed.headers.get("x-page-cache")).toBe("miss");
    expect(((await changed.json()) as BookListPage).books[0]!.title).toBe("Listed Late");
  });

  it("limits the pages rendered for one client to 60 a minute; cached answers do not count", async () => {
    // A shop of its own: the other tests' requests counted for the same client.
    const own = await createTestApp(engine);
    try {
      const ownGet = (path: string) => own.app.request(path);
      // One rendered, 99 from the cache.
      for (let i = 0; i < 100; i++) expect((await ownGet("/resources/books")).status).toBe(200);
      for (let i = 1; i <= 59; i++) {
        // Each asks past the end: counted, then sent to the last page.
        expect((await ownGet("/resources/books?page=99")).status, `request ${i}`).toBe(302);
      }
      const limited = await ownGet("/resources/books?page=99");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await limited.text()).toMatch(/^Too many attempts, try again in \d+ seconds?\.$/);
      // The cached page still answers.
      expect((await ownGet("/resources/books")).status).toBe(200);
    } finally {
      await own.cleanup();
    }
  });
});

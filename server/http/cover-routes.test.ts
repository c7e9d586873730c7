import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { coverKeyFromUrl, coverUrl, webpCover } from "#server/covers/cover-store.ts";
import { setMaintenanceMode } from "#server/settings/set-maintenance-mode.ts";
import { createSecondInstance, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

async function uploadBook(app: TestApp["app"], cookie: string, title: string, png: Buffer): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "create",
    title,
    author: "Ruth Reed",
    description: "A fish.",
    price: "9.99",
  })) {
    form.append(name, value);
  }
  form.append("cover", new File([new Uint8Array(png)], "cover.png", { type: "image/png" }));
  return app.request("/admin/books", { method: "POST", body: form, headers: { cookie } });
}

describe.each(TEST_ENGINES)("covers over HTTP on %s", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function firstInstance(env?: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp(engine, env ? { env } : {});
    cleanups.push(() => t.cleanup());
    return t;
  }
  async function secondInstance(first: TestApp, options: Parameters<typeof createSecondInstance>[1] = {}) {
    const second = await createSecondInstance(first, options);
    cleanups.push(() => second.cleanup());
    return second;
  }

  it("serves a cover uploaded through one instance from another with its own DATA_DIR", async () => {
    const first = await firstInstance();
    const second = await secondInstance(first);
    expect(second.services.env.DATA_DIR).not.toBe(first.services.env.DATA_DIR);
    const cookie = await signedInCookie(first.services, "admin@example.com", { admin: true });
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#7a3" } })
      .png()
      .toBuffer();
    expect((await uploadBook(first.app, cookie, "Jonah", png)).status).toBe(200);
    const { image_url } = await first.services.db
      .selectFrom("books")
      .select("image_url")
      .where("title", "=", "Jonah")
      .executeTakeFirstOrThrow();

    const served = await second.app.request(image_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 600, height: 800 });
    expect(webpCover(bytes).key).toBe(coverKeyFromUrl(image_url));
  });

  it("answers with immutable caching, a strong ETag and 304 for a matching If-None-Match", async () => {
    const t = await firstInstance();
    const { image_url } = await t.services.db.selectFrom("books").select("image_url").executeTakeFirstOrThrow();
    const key = coverKeyFromUrl(image_url)!;
    const response = await t.app.request(image_url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(response.headers.get("etag")).toBe(`"${key}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-length")).toBe(String((await response.arrayBuffer()).byteLength));

    for (const ifNoneMatch of [`"${key}"`, `W/"${key}"`, `"other", "${key}"`]) {
      const again = await t.app.request(image_url!, { headers: { "if-none-match": ifNoneMatch } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(`"${key}"`);
      expect(again.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(await again.text()).toBe("");
    }
    // "*": any current cover, so only one that exists.
    expect((await t.app.request(image_url!, { headers: { "if-none-match": "*" } })).status).toBe(304);
    expect((await t.app.request(coverUrl("0".repeat(64)), { headers: { "if-none-match": "*" } })).status).toBe(404);
    const changed = await t.app.request(image_url!, { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status).toBe(200);
    const head = await t.app.request(image_url!, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("serves a cover's smaller copies with the same caching, and the cover itself, briefly cached, for a copy not made yet", async () => {
    const t = await firstInstance();
    const { image_url } = await t.services.db.selectFrom("books").select("image_url").executeTakeFirstOrThrow();
    const key = coverKeyFromUrl(image_url)!;
    for (const width of [360, 480]) {
      const copy = await t.app.request(coverUrl(`${key}-${width}w`));
      expect(copy.status).toBe(200);
      expect(copy.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(copy.headers.get("etag")).toBe(`"${key}-${width}w"`);
      const bytes = Buffer.from(await copy.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width });
    }

    await t.services.db.deleteFrom("cover_images").where("key", "=", `${key}-480w`).execute();
    const standIn = await t.app.request(coverUrl(`${key}-480w`));
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get("cache-control")).toBe("public, max-age=300");
    expect(standIn.headers.get("etag")).toBeNull();
    expect(webpCover(Buffer.from(await standIn.arrayBuffer())).key).toBe(key);
    expect((await t.app.request(coverUrl(`${"0".repeat(64)}-480w`))).status).toBe(404);
  });

  it("answers 404 for unknown and malformed keys, the malformed ones without asking the database", async () => {
    const t = await firstInstance();
    const unknown = coverUrl("0".repeat(64));
    expect((await t.app.request(unknown)).status).toBe(404);
    const malformed = [
      "/covers/abc.webp",
      `/covers/${"0".repeat(64)}.png`,
      `/covers/${"0".repeat(64)}`,
      `/covers/${"A".repeat(64)}.webp`,
      `/covers/${"0".repeat(63)}.webp`,
      `/covers/${"0".repeat(64)}-big.webp`,
      "/covers/..%2fshop.sqlite",
      "/covers/",
      "/covers/a/b.webp",
    ];
    // With the database closed, any query fails the request: these never get that far.
    await t.services.database.close();
    for (const url of malformed) {
      const response = await t.app.request(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // A well-formed key does ask (and fails), a 304 never does.
    expect((await t.app.request(unknown)).status).toBeGreaterThanOrEqual(500);
    expect((await t.app.request(unknown, { headers: { "if-none-match": `"${"0".repeat(64)}"` } })).status).toBe(304);
  });

  it("serves covers while Coming Soon is on", async () => {
    const t = await firstInstance();
    await setMaintenanceMode(t.services, { on: true });
    expect((await t.app.request("/", { headers: { accept: "text/html" } })).status).toBe(503);
    const { image_url } = await t.services.db.selectFrom("books").select("image_url").executeTakeFirstOrThrow();
    const response = await t.app.request(image_url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
  });

  it("moves file covers in at start, once, and redirects their old URLs on every instance", async () => {
    const first = await firstInstance();
    const bytes = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#a37" } })
      .webp()
      .toBuffer();
    // An instance from before: its covers are files in its own DATA_DIR.
    const oldDataDir = path.join(first.testDb.dataDir, "old-instance");
    mkdirSync(path.join(oldDataDir, "uploads", "covers"), { recursive: true });
    writeFileSync(path.join(oldDataDir, "uploads", "covers", "jonah.webp"), bytes);
    const db = first.services.db;
    const [book, orphan] = await db.selectFrom("books").select("id").orderBy("id").limit(2).execute();
    await db.updateTable("books").set({ image_url: "/uploads/covers/jonah.webp" }).where("id", "=", book!.id).execute();
    await db
      .updateTable("books")
      .set({ image_url: "/uploads/covers/gone.webp" })
      .where("id", "=", orphan!.id)
      .execute();
    // Not moved yet: the old URL is not found (no files are served from /uploads any more).
    expect((await first.app.request("/uploads/covers/jonah.webp")).status).toBe(404);

    const restarted = await secondInstance(first, { dataDir: oldDataDir });
    const key = webpCover(bytes).key;
    const moved = await db
      .selectFrom("books")
      .select(["id", "image_url"])
      .where("id", "in", [book!.id, orphan!.id])
      .execute();
    expect(Object.fromEntries(moved.map((b) => [b.id, b.image_url]))).toEqual({
      [book!.id]: coverUrl(key),
      // Its file is not here: logged, left as it is.
      [orphan!.id]: "/uploads/covers/gone.webp",
    });
    expect(restarted.logs).toContainEqual(
      expect.objectContaining({ level: 40, imageUrl: "/uploads/covers/gone.webp" }),
    );
    // The moved-in cover got its smaller copies in the same start (decision 18).
    const copies = await db
      .selectFrom("cover_images")
      .select("key")
      .where("key", "in", [`${key}-360w`, `${key}-480w`])
      .orderBy("key")
      .execute();
    expect(copies.map((row) => row.key)).toEqual([`${key}-360w`, `${key}-480w`]);

    for (const instance of [first, restarted]) {
      const redirect = await instance.app.request("/uploads/covers/jonah.webp");
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("location")).toBe(coverUrl(key));
      const served = await instance.app.request(coverUrl(key));
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      for (const url of ["/uploads/covers/gone.webp", "/uploads/covers/..%2f..%2fapp-secret", "/uploads/other.webp"]) {
        expect((await instance.app.request(url)).status, url).toBe(404);
      }
    }

    // A second start moves nothing again and changes nothing.
    const before = await db.selectFrom("cover_images").select(["key", "created_at"]).orderBy("key").execute();
    const again = await secondInstance(first, { dataDir: oldDataDir });
    expect(again.logs.filter((line) => String(line.msg).startsWith("covers moved"))).toEqual([
      expect.objectContaining({ moved: 0, missing: 1 }),
    ]);
    expect(await db.selectFrom("cover_images").select(["key", "created_at"]).orderBy("key").execute()).toEqual(before);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBook } from "#server/books/save-book.ts";
import { coverDeps, storedCoverKeys } from "#tests/support/cover-deps.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { coverUrl, webpCover } from "./cover-store.ts";
import { legacyCoverFile, moveFileCoversIn } from "./move-file-covers-in.ts";

describe("legacyCoverFile", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "shop-covers-"));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("names only a plain .webp file directly in uploads/covers", () => {
    const uploadsDir = path.join(root, "data", "uploads");
    expect(legacyCoverFile(uploadsDir, "/uploads/covers/abc.webp")).toBe(path.join(uploadsDir, "covers", "abc.webp"));
    for (const url of [
      "/uploads/covers/../../app-secret",
      "/uploads/covers/../../app-secret.webp",
      "/uploads/covers/..%2F..%2Fapp-secret.webp",
      "/uploads/covers/%2e%2e/other.webp",
      "/uploads/covers/../other.webp",
      "/uploads/covers/..",
      "/uploads/covers/",
      "/uploads/covers/sub/../../other.webp",
      "/uploads/other.webp",
      "/uploads/covers/abc.png",
      "https://example.com/uploads/covers/abc.webp",
      `/uploads/covers/${path.join(root, "app-secret.webp")}`,
      "/uploads/covers/..\\..\\app-secret.webp",
    ]) {
      expect(legacyCoverFile(uploadsDir, url), url).toBeNull();
    }
  });
});

describe.each(TEST_ENGINES)("moving file covers into the store on %s", (engine) => {
  let testDb: TestDatabase;
  let uploadsDir: string;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    uploadsDir = path.join(testDb.dataDir, "uploads");
    mkdirSync(path.join(uploadsDir, "covers"), { recursive: true });
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const bookWith = async (title: string, imageUrl: string) => {
    const book = await createBook(
      { db: testDb.handle.db, clock: () => new Date() },
      { form: { title, author: "Ruth Reed", description: "A fish.", price: "5" } },
    );
    await testDb.handle.db.updateTable("books").set({ image_url: imageUrl }).where("id", "=", book.id).execute();
    return book.id;
  };
  const imageOf = async (id: string) =>
    (await testDb.handle.db.selectFrom("books").select("image_url").where("id", "=", id).executeTakeFirstOrThrow())
      .image_url;

  it("stores each file once, rewrites the books, keeps the files, and is a no-op the second time", async () => {
    const bytes = await sharp({ create: { width: 20, height: 30, channels: 3, background: "#a37" } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(uploadsDir, "covers", "jonah.webp"), bytes);
    writeFileSync(path.join(uploadsDir, "covers", "copy.webp"), bytes);
    writeFileSync(path.join(uploadsDir, "covers", "text.webp"), "not a picture");
    const jonah = await bookWith("Jonah", "/uploads/covers/jonah.webp");
    const copy = await bookWith("Copy", "/uploads/covers/copy.webp");
    const missing = await bookWith("Missing", "/uploads/covers/gone.webp");
    const notWebp = await bookWith("Text", "/uploads/covers/text.webp");
    const external = await bookWith("External", "https://example.com/cover.webp");
    const deps = { ...coverDeps(testDb), uploadsDir };

    expect(await moveFileCoversIn(deps)).toEqual({ moved: 2, missing: 2 });
    const key = webpCover(bytes).key;
    expect(await imageOf(jonah)).toBe(coverUrl(key));
    expect(await imageOf(copy)).toBe(coverUrl(key));
    expect(await imageOf(missing)).toBe("/uploads/covers/gone.webp");
    expect(await imageOf(notWebp)).toBe("/uploads/covers/text.webp");
    expect(await imageOf(external)).toBe("https://example.com/cover.webp");
    expect(await storedCoverKeys(testDb)).toEqual([key]);
    const aliases = await testDb.handle.db
      .selectFrom("cover_image_aliases")
      .select(["old_url", "key"])
      .orderBy("old_url")
      .execute();
    expect(aliases).toEqual([
      { old_url: "/uploads/covers/copy.webp", key },
      { old_url: "/uploads/covers/jonah.webp", key },
    ]);
    expect(
      deps.logs
        .filter((line) => line.level === 40)
        .map((line) => String(line.imageUrl))
        .sort(),
    ).toEqual(["/uploads/covers/gone.webp", "/uploads/covers/text.webp"]);

    expect(await moveFileCoversIn(deps)).toEqual({ moved: 0, missing: 2 });
    expect(await storedCoverKeys(testDb)).toEqual([key]);
  });

  it("is safe when two instances start at once", async () => {
    const bytes = await sharp({ create: { width: 20, height: 30, channels: 3, background: "#3a7" } })
      .webp()
      .toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      writeFileSync(path.join(uploadsDir, "covers", `book-${i}.webp`), bytes);
      ids.push(await bookWith(`Book ${i}`, `/uploads/covers/book-${i}.webp`));
    }
    const deps = { ...coverDeps(testDb), uploadsDir };
    await Promise.all([moveFileCoversIn(deps), moveFileCoversIn({ ...coverDeps(testDb), uploadsDir })]);
    const key = webpCover(bytes).key;
    for (const id of ids) expect(await imageOf(id)).toBe(coverUrl(key));
    expect(await storedCoverKeys(testDb)).toEqual([key]);
  });
});

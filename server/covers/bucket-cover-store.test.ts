import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBookWithCover, updateBookWithCover } from "#server/books/save-book-with-cover.ts";
import { deleteBook } from "#server/books/delete-book.ts";
import { coverDeps, storedCoverKeys, type CoverTestDeps } from "#tests/support/cover-deps.ts";
import { startS3StandIn, type S3StandIn } from "#tests/support/s3-stand-in.ts";
import { createSecondInstance, createTestApp } from "#tests/support/test-app.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { BucketCoverStore } from "./bucket-cover-store.ts";
import { coverKeyFromUrl, coverUrl, webpCover } from "./cover-store.ts";
import { coverAndVariantKeys } from "./cover-variants.ts";

const png = (background: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background } })
    .png()
    .toBuffer();
const form = { title: "Jonah", author: "Ruth Reed", description: "A fish.", price: "5" };

/** The bucket's object names for a cover and its smaller copies, sorted. */
const objectNames = (key: string) =>
  coverAndVariantKeys(key)
    .map((k) => `covers/${k}.webp`)
    .sort();

function bucketStore(
  standIn: S3StandIn,
  credentials = true,
  timeouts?: ConstructorParameters<typeof BucketCoverStore>[0]["timeouts"],
): BucketCoverStore {
  return new BucketCoverStore({
    ...(timeouts ? { timeouts } : {}),
    bucket: standIn.bucket,
    prefix: "covers/",
    region: "us-east-1",
    endpoint: standIn.url,
    forcePathStyle: true,
    credentials: credentials
      ? { accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey }
      : { accessKeyId: "AKIAUNKNOWN000000000", secretAccessKey: "wrong" },
  });
}

function bucketEnv(standIn: S3StandIn): Record<string, string> {
  return {
    COVERS_S3_BUCKET: standIn.bucket,
    COVERS_S3_ENDPOINT: standIn.url,
    COVERS_S3_FORCE_PATH_STYLE: "true",
    COVERS_S3_ACCESS_KEY_ID: standIn.accessKeyId,
    COVERS_S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
  };
}

describe("the bucket cover store against an S3 stand-in", () => {
  let standIn: S3StandIn;
  let testDb: TestDatabase;
  let store: BucketCoverStore;
  beforeEach(async () => {
    standIn = await startS3StandIn();
    testDb = await createTestDatabase("sqlite");
    store = bucketStore(standIn);
  });
  afterEach(async () => {
    store.close();
    await testDb.cleanup();
    await standIn.close();
  });

  it("puts, reads, checks and deletes an object, signed, with its row but not its bytes in the database", async () => {
    const cover = webpCover(
      await sharp(await png("#246"))
        .webp()
        .toBuffer(),
    );
    expect(await store.has(cover.key)).toBe(false);
    expect(await store.get(cover.key)).toBeNull();
    await testDb.handle.db.transaction().execute((trx) => store.put(trx, cover));

    const object = standIn.objects.get(`covers/${cover.key}.webp`);
    expect(object).toMatchObject({ contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });
    expect(Buffer.compare(object!.body, Buffer.from(cover.bytes))).toBe(0);
    expect(await testDb.handle.db.selectFrom("cover_images").select(["key", "byte_length", "data"]).execute()).toEqual([
      { key: cover.key, byte_length: cover.bytes.byteLength, data: null },
    ]);
    expect(await store.has(cover.key)).toBe(true);
    const read = await store.get(cover.key);
    expect(read?.contentType).toBe("image/webp");
    expect(Buffer.compare(Buffer.from(read!.bytes), Buffer.from(cover.bytes))).toBe(0);

    await store.delete(cover.key);
    expect(await store.has(cover.key)).toBe(false);
    expect(standIn.requests.map((r) => r.method)).toEqual(["HEAD", "GET", "PUT", "HEAD", "GET", "DELETE", "HEAD"]);
  });

  it("fails loudly when the bucket refuses the credentials, and the book is not saved", async () => {
    const refused = bucketStore(standIn, false);
    try {
      const deps = { ...coverDeps(testDb), covers: refused };
      await expect(createBookWithCover(deps, { form, cover: await png("#864") })).rejects.toThrow();
      expect(await testDb.handle.db.selectFrom("books").select("id").execute()).toEqual([]);
      expect(await storedCoverKeys(testDb)).toEqual([]);
      expect(standIn.requests).toEqual([expect.objectContaining({ method: "PUT", status: 403 })]);
    } finally {
      refused.close();
    }
  });
});

it("gives up on a bucket that never answers, and saves nothing, rather than hold the database", async () => {
  // Accepts connections and reads requests, never answers.
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const testDb = await createTestDatabase("sqlite");
  const store = new BucketCoverStore({
    bucket: "covers",
    prefix: "covers/",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "AKIASILENT0000000000", secretAccessKey: "s".repeat(40) },
    timeouts: { connectMs: 300, answerMs: 300 },
  });
  try {
    // The bucket never answers: only the store's own timeouts can settle the call.
    await expect(
      createBookWithCover({ ...coverDeps(testDb), covers: store }, { form, cover: await png("#468") }),
    ).rejects.toThrow();
    expect(await testDb.handle.db.selectFrom("books").select("id").execute()).toEqual([]);
    expect(await storedCoverKeys(testDb)).toEqual([]);
  } finally {
    store.close();
    silent.closeAllConnections();
    silent.close();
    await testDb.cleanup();
  }
});

describe.each(TEST_ENGINES)("books with covers in a bucket on %s", (engine) => {
  let standIn: S3StandIn;
  let testDb: TestDatabase;
  let store: BucketCoverStore;
  let deps: CoverTestDeps;
  beforeEach(async () => {
    standIn = await startS3StandIn();
    testDb = await createTestDatabase(engine);
    store = bucketStore(standIn);
    deps = coverDeps(testDb, store);
  });
  afterEach(async () => {
    store.close();
    await testDb.cleanup();
    await standIn.close();
  });

  it("stores an uploaded cover and its smaller copies in the bucket and deletes them with the last book that shows it", async () => {
    const first = await createBookWithCover(deps, { form, cover: await png("#135") });
    const key = coverKeyFromUrl(first.imageUrl)!;
    expect([...standIn.objects.keys()].sort()).toEqual(objectNames(key));
    expect(await sharp(standIn.objects.get(`covers/${key}-360w.webp`)!.body).metadata()).toMatchObject({
      format: "webp",
      width: 300, // the 300 px upload is never enlarged
    });
    const second = await createBookWithCover(deps, {
      form: { ...form, title: "Jonah again" },
      cover: await png("#135"),
    });
    expect(second.imageUrl).toBe(first.imageUrl);

    await deleteBook(deps, { id: first.id });
    expect([...standIn.objects.keys()].sort()).toEqual(objectNames(key));
    // Replacing the last book's cover lets go of the old one, and of its copies.
    const replaced = await updateBookWithCover(deps, { id: second.id, form, cover: await png("#975") });
    expect([...standIn.objects.keys()].sort()).toEqual(objectNames(coverKeyFromUrl(replaced.imageUrl)!));
    expect(await storedCoverKeys(testDb)).toEqual([coverKeyFromUrl(replaced.imageUrl)]);
  });
});

describe.each(TEST_ENGINES)("the shop with COVERS_S3_BUCKET set on %s", (engine) => {
  it("seeds its covers into the bucket and serves them from there on every instance, with the same caching", async () => {
    const standIn = await startS3StandIn();
    const first = await createTestApp(engine, { env: bucketEnv(standIn) });
    try {
      const second = await createSecondInstance(first, { env: bucketEnv(standIn) });
      try {
        expect(first.services.covers.kind).toBe("bucket");
        const books = await first.services.db.selectFrom("books").select("image_url").execute();
        // Each cover with its two smaller copies.
        expect(standIn.objects.size).toBe(3 * new Set(books.map((b) => b.image_url)).size);
        const rows = await first.services.db.selectFrom("cover_images").select("data").execute();
        expect(rows.every((row) => row.data === null)).toBe(true);

        const cookie = await signedInCookie(first.services, "admin@example.com", { admin: true });
        const upload = new FormData();
        for (const [name, value] of Object.entries({ intent: "create", ...form })) upload.append(name, value);
        const bytes = await png("#5a5");
        upload.append("cover", new File([new Uint8Array(bytes)], "cover.png", { type: "image/png" }));
        expect(
          (await first.app.request("/admin/books", { method: "POST", body: upload, headers: { cookie } })).status,
        ).toBe(200);
        const { image_url } = await first.services.db
          .selectFrom("books")
          .select("image_url")
          .where("title", "=", form.title)
          .executeTakeFirstOrThrow();

        const served = await second.app.request(image_url!);
        expect(served.status).toBe(200);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(served.headers.get("etag")).toBe(`"${coverKeyFromUrl(image_url)}"`);
        const servedBytes = Buffer.from(await served.arrayBuffer());
        expect(coverUrl(webpCover(servedBytes).key)).toBe(image_url);
        const variant = await second.app.request(coverUrl(`${coverKeyFromUrl(image_url)}-480w`));
        expect(variant.status).toBe(200);
        expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).toMatchObject({ format: "webp" });
        expect((await second.app.request(coverUrl("f".repeat(64)))).status).toBe(404);
      } finally {
        await second.cleanup();
      }
    } finally {
      (first.services.covers as BucketCoverStore).close();
      await first.cleanup();
      await standIn.close();
    }
  });
});

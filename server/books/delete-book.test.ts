import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coverKeyFromUrl, coverUrl, webpCover } from "#server/covers/cover-store.ts";
import { releaseUnusedCover } from "#server/covers/release-unused-cover.ts";
import { coverDeps, storedCoverKeys, storedCoverVariantKeys, type CoverTestDeps } from "#tests/support/cover-deps.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { deleteBook } from "./delete-book.ts";
import { createBook } from "./save-book.ts";
import { createBookWithCover } from "./save-book-with-cover.ts";

/** A 40 by 40 PNG of one colour: another colour, another stored cover. */
const solidPng = (background: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background } })
    .png()
    .toBuffer();
const JONAH = { title: "Jonah", author: "Ruth Reed", description: "A fish.", price: "5" };
const RUTH = { title: "Ruth", author: "Ruth Reed", description: "A field.", price: "5" };

describe.each(TEST_ENGINES)("deleteBook on %s", (engine) => {
  let testDb: TestDatabase;
  let deps: CoverTestDeps;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    deps = coverDeps(testDb);
  });
  const hasCover = async (url: string | null) => deps.covers.has(coverKeyFromUrl(url)!);
  /** PostgreSQL: how many of this database's sessions wait for a lock another one holds. */
  const sessionsWaitingForALock = async () =>
    (
      await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(testDb.handle.db)
    ).rows[0]!.waiting;
  /** Jonah, with a cover of one `colour`, and Ruth, with none. */
  const jonahWithCoverAndRuth = async (colour: string) => ({
    first: await createBookWithCover(deps, { form: JONAH, cover: await solidPng(colour) }),
    second: await createBook(deps, { form: RUTH }),
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  it("keeps the lines of past orders and removes the cover", async () => {
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    const line = await db
      .selectFrom("order_items")
      .innerJoin("books", "books.id", "order_items.book_id")
      .select([
        "order_items.id as lineId",
        "order_items.title",
        "order_items.unit_price_cents",
        "order_items.quantity",
        "books.id as bookId",
        "books.image_url",
      ])
      .where("order_items.order_id", "=", "ORD-2025-001")
      .orderBy("order_items.position")
      .executeTakeFirstOrThrow();
    expect(await hasCover(line.image_url)).toBe(true);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", "ORD-2025-001").executeTakeFirstOrThrow();
    const booksBefore = await db.selectFrom("books").select("id").execute();

    const deleted = await deleteBook(deps, { id: line.bookId });

    expect(deleted).toMatchObject({ id: line.bookId, title: line.title });
    expect(await db.selectFrom("books").select("id").where("id", "=", line.bookId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("books").select("id").execute()).toHaveLength(booksBefore.length - 1);
    expect(
      await db.selectFrom("order_items").selectAll().where("id", "=", line.lineId).executeTakeFirstOrThrow(),
    ).toMatchObject({
      book_id: null,
      title: line.title,
      unit_price_cents: line.unit_price_cents,
      quantity: line.quantity,
    });
    const orderAfter = await db.selectFrom("orders").selectAll().where("id", "=", "ORD-2025-001").executeTakeFirst();
    expect(orderAfter).toEqual(order);
    expect(await hasCover(line.image_url)).toBe(false);
  });

  it("removes an uploaded cover and its smaller copies with its book", async () => {
    const png = await solidPng("#000");
    const { id, imageUrl } = await createBookWithCover(deps, { form: JONAH, cover: png });
    expect(await hasCover(imageUrl)).toBe(true);
    expect(await storedCoverVariantKeys(testDb)).toHaveLength(2);
    await deleteBook(deps, { id });
    expect(await hasCover(imageUrl)).toBe(false);
    expect(await storedCoverKeys(testDb)).toEqual([]);
    expect(await storedCoverVariantKeys(testDb)).toEqual([]);
  });

  it("deletes a book without a cover, and refuses unknown ids", async () => {
    const book = await createBook(deps, {
      form: JONAH,
    });
    await deleteBook(deps, { id: book.id });
    for (const id of [book.id, "no-such-book"]) {
      await expect(deleteBook(deps, { id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Book not found.",
      });
    }
  });

  it("leaves a cover that another book still shows", async () => {
    const db = testDb.handle.db;
    const { first, second } = await jonahWithCoverAndRuth("#000");
    await db.updateTable("books").set({ image_url: first.imageUrl }).where("id", "=", second.id).execute();
    await deleteBook(deps, { id: first.id });
    expect(await hasCover(first.imageUrl)).toBe(true);
    // The last book showing it goes: so does the cover.
    await deleteBook(deps, { id: second.id });
    expect(await hasCover(first.imageUrl)).toBe(false);
  });

  it("shares one stored image between two books with the same picture", async () => {
    const png = await solidPng("#123");
    const first = await createBookWithCover(deps, { form: JONAH, cover: png });
    const second = await createBookWithCover(deps, { form: { ...JONAH, title: "Jonah again" }, cover: png });
    expect(second.imageUrl).toBe(first.imageUrl);
    expect(await storedCoverKeys(testDb)).toEqual([coverKeyFromUrl(first.imageUrl)]);
    await deleteBook(deps, { id: first.id });
    expect(await hasCover(first.imageUrl)).toBe(true);
  });

  it("does not delete a cover that a book is taking in a transaction not yet committed", async () => {
    const db = testDb.handle.db;
    const { first, second } = await jonahWithCoverAndRuth("#456");
    const cover = webpCover((await deps.covers.get(coverKeyFromUrl(first.imageUrl)!))!.bytes);
    await db.deleteFrom("books").where("id", "=", first.id).execute();

    // The second book starts taking the same cover (as an upload of the same picture does)...
    const taking = await db.startTransaction().execute();
    await deps.covers.put(taking, cover);
    await taking
      .updateTable("books")
      .set({ image_url: coverUrl(cover.key) })
      .where("id", "=", second.id)
      .execute();
    // ...while the first book's deletion releases it: the release waits, then sees the book.
    const release = releaseUnusedCover(deps, { imageUrl: first.imageUrl });
    // PostgreSQL: the release waits for the cover's row, which `taking` holds; the server says so.
    // SQLite: it waits for the one connection, which `taking` holds until its commit (Kysely's lock).
    if (engine === "postgres") await expect.poll(() => sessionsWaitingForALock()).toBe(1);
    await taking.commit().execute();
    expect(await release).toBe(false);
    expect(await hasCover(first.imageUrl)).toBe(true);
  });
});

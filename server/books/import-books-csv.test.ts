import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { AppError } from "#server/errors/app-error.ts";
import type { Database } from "#server/db/schema.ts";
import { toCsv } from "#server/csv/csv-format.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { bookRow, insertTestBook } from "#tests/support/test-books.ts";
import { BOOKS_CSV_HEADER, booksCsvStream } from "./books-csv.ts";
import { importBooksCsv } from "./import-books-csv.ts";

const clock = () => new Date("2026-01-02T03:04:05.000Z");
const HEADER = "title,author,description,price";

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The import's refusal: its summary and its problems ("Line 3, price" → message). */
async function refusal(db: Kysely<Database>, source: string | Buffer) {
  try {
    await importBooksCsv({ db, clock }, { source });
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, problems: error.fieldErrors ?? {} };
    throw error;
  }
  throw new Error("the import was accepted");
}

async function snapshot(db: Kysely<Database>) {
  return db.selectFrom("books").selectAll().orderBy("id").execute();
}

describe.each(TEST_ENGINES)("importBooksCsv on %s", (engine) => {
  let testDb: TestDatabase;
  let db: Kysely<Database>;
  const setUp = async () => {
    testDb = await createTestDatabase(engine);
    db = testDb.handle.db;
    // A fresh database holds no books until the seed runs; tests add their own.
  };
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("adds new books and updates those it names by id or slug, keeping their covers", async () => {
    await setUp();
    const byId = await insertTestBook(db, { title: "Old Title", stock: 3 });
    await db.updateTable("books").set({ image_url: "/uploads/covers/x.webp" }).where("id", "=", byId).execute();
    const bySlug = await insertTestBook(db, { title: "Slugged", stock: null });
    const slug = (await db.selectFrom("books").select("slug").where("id", "=", bySlug).executeTakeFirstOrThrow()).slug;
    const csv = toCsv([
      ["id", "slug", "title", "author", "description", "price", "stock"],
      [byId, "", "New Title", "Ann", "Updated.", "12.50", "7"],
      ["", slug, "Slugged", "Bob", "By slug.", "3", ""],
      ["", "", "Brand New", "Cy", "Added.", "9.99", "4"],
      ["", "", "Brand New", "Cy", "Added twice, another slug.", "9.99", ""],
    ]);
    expect(await importBooksCsv({ db, clock }, { source: csv })).toEqual({ added: 2, updated: 2, unchanged: 0 });
    const updated = await db.selectFrom("books").selectAll().where("id", "=", byId).executeTakeFirstOrThrow();
    expect(updated).toMatchObject({
      title: "New Title",
      author: "Ann",
      price_cents: 1250,
      stock: 7,
      image_url: "/uploads/covers/x.webp",
      updated_at: "2026-01-02T03:04:05.000Z",
    });
    expect(await db.selectFrom("books").selectAll().where("id", "=", bySlug).executeTakeFirstOrThrow()).toMatchObject({
      author: "Bob",
      price_cents: 300,
      stock: null,
    });
    const added = await db.selectFrom("books").selectAll().where("title", "=", "Brand New").orderBy("slug").execute();
    expect(added.map((book) => [book.slug, book.image_url, book.stock])).toEqual([
      ["brand-new", null, 4],
      ["brand-new-2", null, null],
    ]);
  });

  it("round-trips its own export without changing anything, formula-like text included", async () => {
    await setUp();
    const id = await insertTestBook(db, { title: '=HYPERLINK("x")', stock: 2, priceCents: 1999 });
    await db
      .updateTable("books")
      .set({ description: 'Line one,\r\nline "two"\n-three', badge: "@new", rating: 4.5, reviews: 12, age_range: "+3" })
      .where("id", "=", id)
      .execute();
    await insertTestBook(db, { title: "'=quoted already", stock: null });
    const before = await snapshot(db);
    const exported = await readText(booksCsvStream({ db }));
    expect(exported.startsWith(BOOKS_CSV_HEADER.join(",") + "\r\n")).toBe(true);
    expect(exported).toContain("'=HYPERLINK");
    expect(await importBooksCsv({ db, clock }, { source: exported })).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("keeps the stock orders took since the export, and changes a stock only over what was exported", async () => {
    await setUp();
    const sold = await insertTestBook(db, { title: "Sold Since", stock: 10 });
    const edited = await insertTestBook(db, { title: "Restocked", stock: 5 });
    const both = await insertTestBook(db, { title: "Sold And Restocked", stock: 8 });
    const exported = await readText(booksCsvStream({ db }));
    const sell = (id: string, copies: number) =>
      db
        .updateTable("books")
        .set((eb) => ({ stock: eb("stock", "-", copies) }))
        .where("id", "=", id)
        .execute();
    await sell(sold, 4);
    await sell(both, 1);
    const stockOf = async (id: string) =>
      (await db.selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
    // The admin restocks "Restocked" to 40 in the file and touches nothing else.
    const lines = exported.split("\r\n");
    const stockColumn = BOOKS_CSV_HEADER.indexOf("stock");
    const withStock = (id: string, stock: string) =>
      lines.map((line) => {
        if (!line.startsWith(id)) return line;
        const cells = line.split(",");
        cells[stockColumn] = stock;
        return cells.join(",");
      });
    expect(await importBooksCsv({ db, clock }, { source: withStock(edited, "40").join("\r\n") })).toMatchObject({
      added: 0,
      updated: 1,
    });
    expect([await stockOf(sold), await stockOf(edited), await stockOf(both)]).toEqual([6, 40, 7]);

    // Restocking a book that sold copies since the export is refused with the stock now.
    const { problems } = await refusal(db, withStock(both, "20").join("\r\n"));
    // Books added in one millisecond are exported in id order: find the line rather than count on it.
    const lineOfBoth = lines.findIndex((line) => line.startsWith(both)) + 1;
    expect(problems[`Line ${lineOfBoth}, stock`]).toBe(
      "The stock changed since the export (orders take copies): it is 7 now. Export again and change it there.",
    );
    expect(await stockOf(both)).toBe(7);

    // A file without stock_at_export (made by hand) sets the stock as written.
    const handMade = `id,title,author,description,price,stock\r\n${both},Sold And Restocked,Test Author,A book for tests.,9.99,20`;
    await importBooksCsv({ db, clock }, { source: handMade });
    expect(await stockOf(both)).toBe(20);
  });

  it("keeps what the shop saved since the export under lines left as exported, and refuses lines changed on both sides", async () => {
    await setUp();
    const edited = await insertTestBook(db, { title: "Typo Fixed Since", stock: 5 });
    const other = await insertTestBook(db, { title: "Repriced In The File", stock: 5 });
    const exported = await readText(booksCsvStream({ db }));
    const lines = exported.split("\r\n");
    const lineOf = (id: string) => lines.findIndex((line) => line.startsWith(id)) + 1;
    const changed = (source: string[], id: string, column: string, value: string) =>
      source.map((line) =>
        line.startsWith(id) ? line.split(",").with(BOOKS_CSV_HEADER.indexOf(column), value).join(",") : line,
      );
    const book = (id: string) => db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // Someone fixes a description in the book form while the file is open in a spreadsheet.
    await db.updateTable("books").set({ description: "Fixed in the shop." }).where("id", "=", edited).execute();

    // The file reprices the other book and restocks this one, its line otherwise as exported.
    const file = changed(changed(lines, other, "price", "4.50"), edited, "stock", "9");
    expect(await importBooksCsv({ db, clock }, { source: file.join("\r\n") })).toEqual({
      added: 0,
      updated: 2,
      unchanged: 0,
    });
    expect(await book(edited)).toMatchObject({ description: "Fixed in the shop.", stock: 9 });
    expect(await book(other)).toMatchObject({ price_cents: 450 });
    // The same file again (its answer was lost) changes nothing and refuses nothing.
    expect(await importBooksCsv({ db, clock }, { source: file.join("\r\n") })).toEqual({
      added: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await book(edited)).toMatchObject({ description: "Fixed in the shop." });

    // Changed in the file too (its line still holds the old description): refused, nothing written.
    const { problems } = await refusal(db, changed(lines, edited, "price", "1.00").join("\r\n"));
    expect(problems[`Line ${lineOf(edited)}`]).toBe(
      "This book was also changed in the shop since the export. Export again and make your changes there.",
    );
    expect(await book(edited)).toMatchObject({ description: "Fixed in the shop.", price_cents: 1250 });

    // A file without fields_at_export (made by hand) is written as it is.
    const handMade = `id,title,author,description,price\r\n${edited},Typo Fixed Since,Test Author,Hand made.,2.00`;
    await importBooksCsv({ db, clock }, { source: handMade });
    expect(await book(edited)).toMatchObject({ description: "Hand made.", price_cents: 200 });
  });

  it("takes a line left as exported as untouched though its old slug went to another book, or a spreadsheet rewrote its line breaks", async () => {
    await setUp();
    const renamed = await insertTestBook(db, { title: "Noahs Ark", stock: 5 });
    const multiLine = await insertTestBook(db, { title: "Jonah", stock: 5 });
    // As a browser posts a textarea: CRLF line breaks.
    await db.updateTable("books").set({ description: "Line one.\r\nLine two." }).where("id", "=", multiLine).execute();
    const oldSlug = (await db.selectFrom("books").select("slug").where("id", "=", renamed).executeTakeFirstOrThrow())
      .slug;
    const exported = await readText(booksCsvStream({ db }));
    expect(exported).toContain("Line one.\r\nLine two.");
    // In the shop meanwhile: the first book renamed and its old slug given to a new one, the
    // second repriced. The spreadsheet saves the line break inside a cell as LF.
    await db.updateTable("books").set({ title: "The Flood", slug: "the-flood" }).where("id", "=", renamed).execute();
    await db
      .insertInto("books")
      .values(bookRow(7, { title: "Noahs Ark", slug: oldSlug }))
      .execute();
    await db.updateTable("books").set({ price_cents: 777 }).where("id", "=", multiLine).execute();
    expect(oldSlug).not.toBe("the-flood");
    const resaved = exported.replace("Line one.\r\nLine two.", "Line one.\nLine two.");
    expect(await importBooksCsv({ db, clock }, { source: resaved })).toMatchObject({ added: 0, updated: 0 });
    expect(
      await db.selectFrom("books").selectAll().where("id", "=", multiLine).executeTakeFirstOrThrow(),
    ).toMatchObject({
      price_cents: 777,
      description: "Line one.\r\nLine two.",
    });
  });

  it("reads the ages as written, or from the age range, refuses impossible ones, and round-trips them", async () => {
    await setUp();
    const ages = async (title: string) =>
      db
        .selectFrom("books")
        .select(["age_range", "age_min", "age_max"])
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
    const before = await snapshot(db);
    const { problems } = await refusal(
      db,
      toCsv([
        ["title", "author", "description", "price", "age_range", "age_min", "age_max"],
        ["Too Old", "x", "y", "1", "", "19", ""],
        ["Upside Down", "x", "y", "1", "", "9", "5"],
        ["Half", "x", "y", "1", "", "2.5", "x"],
      ]),
    );
    expect(problems).toEqual({
      "Line 2, age_min": "Youngest age must be a whole number from 0 to 18.",
      "Line 3, age_max": "Oldest age must be at least the youngest age.",
      "Line 4, age_min": "Youngest age must be a whole number from 0 to 18.",
      "Line 4, age_max": "Oldest age must be a whole number from 0 to 18.",
    });
    expect(await snapshot(db)).toEqual(before);

    const csv = toCsv([
      ["title", "author", "description", "price", "age_range", "age_min", "age_max"],
      ["Typed", "x", "y", "1", "Ages 3-8", "4", "7"],
      ["From The Label", "x", "y", "1", "Ages 4–8", "", ""],
      ["And Up", "x", "y", "1", "5+", "", ""],
      ["No Ages", "x", "y", "1", "Toddlers", "", ""],
    ]);
    expect(await importBooksCsv({ db, clock }, { source: csv })).toMatchObject({ added: 4 });
    expect(await ages("Typed")).toEqual({ age_range: "Ages 3-8", age_min: 4, age_max: 7 });
    expect(await ages("From The Label")).toEqual({ age_range: "Ages 4–8", age_min: 4, age_max: 8 });
    expect(await ages("And Up")).toEqual({ age_range: "5+", age_min: 5, age_max: 18 });
    expect(await ages("No Ages")).toEqual({ age_range: "Toddlers", age_min: null, age_max: null });

    const exported = await readText(booksCsvStream({ db }));
    expect(await importBooksCsv({ db, clock }, { source: exported })).toMatchObject({ updated: 0, unchanged: 4 });

    // A file without the age columns keeps a book's ages, unless it changes the book's age range.
    const slugOf = async (title: string) =>
      (await db.selectFrom("books").select("slug").where("title", "=", title).executeTakeFirstOrThrow()).slug;
    const oldStyle = toCsv([
      ["slug", "title", "author", "description", "price", "age_range"],
      [await slugOf("Typed"), "Typed", "x", "y", "1", "Ages 3-8"],
      [await slugOf("From The Label"), "From The Label", "x", "y", "1", "6-10"],
    ]);
    expect(await importBooksCsv({ db, clock }, { source: oldStyle })).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await ages("Typed")).toEqual({ age_range: "Ages 3-8", age_min: 4, age_max: 7 });
    expect(await ages("From The Label")).toEqual({ age_range: "6-10", age_min: 6, age_max: 10 });
  });

  it("reports every problem by line and column and changes nothing", async () => {
    await setUp();
    await insertTestBook(db, { title: "Kept", stock: 1 });
    const before = await snapshot(db);
    const csv = [
      HEADER,
      "Good Book,Ann,Fine.,5",
      ",Ann,No title.,5",
      "Bad Price,Ann,Oops.,-3",
      'Multi,Ann,"two\nlines",5',
      "Cheap,Ann,Fine.,1.999",
    ].join("\n");
    const { message, problems } = await refusal(db, csv);
    expect(message).toBe("The file has 3 problems. Nothing was changed.");
    expect(problems).toEqual({
      "Line 3, title": "Title is required.",
      "Line 4, price": "Price must be a number of at least 0 with no more than 2 decimals.",
      // Line 5's value runs over two lines: the next record starts on line 7.
      "Line 7, price": "Price must be a number of at least 0 with no more than 2 decimals.",
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses a file whose rows clash with each other or with other books, and changes nothing", async () => {
    await setUp();
    const a = await insertTestBook(db, { title: "A", stock: 1 });
    const b = await insertTestBook(db, { title: "B", stock: 1 });
    const bSlug = (await db.selectFrom("books").select("slug").where("id", "=", b).executeTakeFirstOrThrow()).slug;
    const before = await snapshot(db);
    const csv = toCsv([
      ["id", "slug", "title", "author", "description", "price"],
      [a, "", "A", "x", "y", "1"],
      [a, "", "A again", "x", "y", "1"],
      ["unknown-id", bSlug, "An unknown id, with B's slug", "x", "y", "1"],
      ["bad id!", "Bad Slug", "C", "x", "y", "1"],
    ]);
    const { problems } = await refusal(db, csv);
    expect(problems).toEqual({
      "Line 5, id": expect.stringContaining("Must be a book id"),
      "Line 5, slug": expect.stringContaining("lower-case letters"),
    });
    const second = await refusal(db, csv.split("\r\n").slice(0, 4).join("\r\n"));
    expect(second.problems).toEqual({
      "Line 3": "This is the same book as line 2.",
      "Line 4, id": expect.stringContaining("No book has this id"),
    });
    const third = await refusal(
      db,
      toCsv([
        ["id", "slug", "title", "author", "description", "price"],
        [a, bSlug, "A takes B's slug", "x", "y", "1"],
        ["", "fresh", "N1", "x", "y", "1"],
        ["", "fresh", "N2", "x", "y", "1"],
      ]),
    );
    expect(third.problems).toEqual({
      "Line 2, slug": "Another book (“B”) already has this slug.",
      "Line 4, slug": "Line 3 has the same slug.",
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it("adds new books under ids the shop makes, and refuses an id that names no book", async () => {
    await setUp();
    const before = await snapshot(db);
    const { problems } = await refusal(
      db,
      toCsv([
        ["id", "slug", "title", "author", "description", "price"],
        ["", "", "Shop's Id", "x", "y", "1"],
        ["pkg-disciple", "", "Pretends To Be A Bundle", "x", "y", "1"],
        ["chosen-id", "chosen", "Chosen Id", "x", "y", "1"],
      ]),
    );
    const unknown =
      "No book has this id: it may have been deleted since the export, or come from another shop. Leave the id empty to add this line as a new book.";
    expect(problems).toEqual({ "Line 3, id": unknown, "Line 4, id": unknown });
    expect(await snapshot(db)).toEqual(before);

    const csv = toCsv([
      ["id", "slug", "title", "author", "description", "price"],
      ["", "", "Shop's Id", "x", "y", "1"],
      ["", "chosen", "Chosen Slug", "x", "y", "1"],
    ]);
    expect(await importBooksCsv({ db, clock }, { source: csv })).toEqual({ added: 2, updated: 0, unchanged: 0 });
    const added = await db.selectFrom("books").select(["id", "slug"]).orderBy("slug").execute();
    expect(added.map((book) => book.slug)).toEqual(["chosen", "shops-id"]);
    for (const book of added) expect(book.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("checks the header: unknown, doubled and missing columns", async () => {
    await setUp();
    const { problems } = await refusal(db, "title,author,price,colour,price\nA,B,1,red,2\n");
    expect(Object.keys(problems)).toEqual(["Line 1"]);
    expect(problems["Line 1"]).toContain('Unknown column "colour"');
    expect(problems["Line 1"]).toContain('The column "price" appears twice.');
    expect(problems["Line 1"]).toContain('The column "description" is missing.');
  });

  it("reads BOM, CRLF or LF, and refuses malformed files with a message instead of failing", async () => {
    await setUp();
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${HEADER}\r\nA,B,C,1\r\nD,E,F,2\n`)]);
    expect(await importBooksCsv({ db, clock }, { source: bom })).toEqual({ added: 2, updated: 0, unchanged: 0 });
    expect((await refusal(db, `${HEADER}\nA,B,"never closed,1\n`)).problems).toEqual({
      "Line 2": "A quoted value is never closed: a double quote is missing.",
    });
    expect((await refusal(db, `${HEADER}\nA,B,C,1,extra\n`)).problems).toEqual({
      "Line 2": "Expected 4 values (one per column), found 5.",
    });
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect((await refusal(db, garbage)).message).toMatch(/^The file has \d+ problems?\. Nothing was changed\.$/);
    expect((await refusal(db, "")).problems).toEqual({ "Line 1": expect.stringContaining("The file is empty") });
    expect((await refusal(db, `${HEADER}\n`)).problems).toEqual({
      "Line 2": "The file has no books below its header line.",
    });
    expect((await refusal(db, `${HEADER}\nA\u0000,B,C,1\n`)).problems).toEqual({
      "Line 2, title": "Contains a character that is not allowed.",
    });
    expect(await db.selectFrom("books").select("title").orderBy("title").execute()).toEqual([
      { title: "A" },
      { title: "D" },
    ]);
  });

  it("stops listing after 100 problems and says there may be more", async () => {
    await setUp();
    const rows = Array.from({ length: 150 }, (_, i) => `Book ${i},Author,Text,free`);
    const { message, problems } = await refusal(db, [HEADER, ...rows].join("\n"));
    expect(message).toBe("The file has at least 100 problems. Nothing was changed. The first ones:");
    expect(Object.keys(problems)).toHaveLength(100);
    expect(Object.keys(problems)[0]).toBe("Line 2, price");
  });

  it("imports 10,000 rows in one go and refuses one more", async () => {
    await setUp();
    const rows = Array.from({ length: 10_000 }, (_, i) => `Book ${i},Author,Text,${i % 50}.99`);
    expect(await importBooksCsv({ db, clock }, { source: [HEADER, ...rows].join("\n") })).toMatchObject({
      added: 10_000,
    });
    const { problems } = await refusal(db, [HEADER, ...rows, "One more,A,B,1"].join("\n"));
    expect(Object.values(problems)).toEqual([expect.stringContaining("more than 10,000 books")]);
  }, 60_000);
});

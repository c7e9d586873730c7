import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { checkForm } from "#common/forms/check-form.ts";
import { bundleSchema, BUNDLE_FIELDS } from "#common/books/bundle-schema.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { priceCart } from "#server/checkout/price-cart.ts";
import { releaseOrderStock } from "#server/orders/stock.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { listBundles } from "./list-bundles.ts";
import { createBundle, deleteBundle, updateBundle } from "./save-bundle.ts";

/** The form as posted: every value text, parts as numbered rows. */
function posted(fields: Record<string, string>, parts: [string, string][]) {
  const form = new URLSearchParams({
    name: "Sunday School Class Set",
    description: "Twelve pupil's books and the teacher's guide.",
    price: "149.00",
    originalPrice: "",
    savings: "",
    features: "12 pupil's books\n1 teacher's guide\n",
    ...fields,
  });
  parts.forEach(([bookId, quantity], row) => {
    form.set(`parts.${row}.bookId`, bookId);
    form.set(`parts.${row}.quantity`, quantity);
  });
  return checkForm(bundleSchema, form, BUNDLE_FIELDS);
}

describe("the bundle form's schema", () => {
  it("reads a class set: parts with counts, blank rows dropped, prices in cents", () => {
    const checked = posted({ popular: "on" }, [
      ["book-a", "12"],
      ["", ""],
      ["book-b", "1"],
    ]);
    expect(checked).toMatchObject({
      success: true,
      data: {
        price: 14900,
        originalPrice: null,
        savings: null,
        popular: true,
        features: ["12 pupil's books", "1 teacher's guide"],
        parts: [
          { bookId: "book-a", quantity: 12 },
          { bookId: "book-b", quantity: 1 },
        ],
      },
    });
  });

  it("refuses no parts, counts outside 1-99, a title twice, and a price of 0, each with a message", () => {
    const refusal = (fields: Record<string, string>, parts: [string, string][]) => {
      const checked = posted(fields, parts);
      return checked.success ? null : checked.fieldErrors;
    };
    expect(refusal({}, [])).toEqual({ parts: "Add at least one title to the bundle." });
    expect(refusal({}, [["book-a", "0"]])).toEqual({ parts: "Copies must be a whole number from 1 to 99." });
    expect(refusal({}, [["book-a", "100"]])).toEqual({ parts: "Copies must be a whole number from 1 to 99." });
    expect(refusal({}, [["book-a", "1.5"]])).toEqual({ parts: "Copies must be a whole number from 1 to 99." });
    expect(refusal({}, [["", "3"]])).toEqual({ parts: "Choose a title for each row with copies." });
    expect(
      refusal({}, [
        ["book-a", "2"],
        ["book-a", "3"],
      ]),
    ).toEqual({ parts: "Each title may appear once; set its copies instead." });
    expect(refusal({ price: "0" }, [["book-a", "1"]])).toEqual({
      price: "Price must be a number greater than 0 with no more than 2 decimals.",
    });
    expect(refusal({ price: "", name: "" }, [["book-a", "1"]])).toEqual({
      name: "Name is required.",
      price: "Price is required.",
    });
  });
});

describe.each(TEST_ENGINES)("saving bundles on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const deps = () => ({ db: testDb.handle.db, clock: () => new Date("2026-11-28T10:00:00.000Z") });
  const input = (parts: { bookId: string; quantity: number }[]) => ({
    name: "Sunday School Class Set",
    description: "Twelve pupil's books and the teacher's guide.",
    price: 14900,
    originalPrice: 16000,
    savings: "Save 7%",
    features: ["12 pupil's books", "1 teacher's guide"],
    popular: false,
    parts,
  });

  it("creates a class set from titles and counts, its availability from its parts, and prices it", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const pupils = await insertTestBook(db, { title: "Pupil's Book", stock: 30 });
    const guide = await insertTestBook(db, { title: "Teacher's Guide", stock: null });
    const created = await createBundle(
      deps(),
      input([
        { bookId: pupils, quantity: 12 },
        { bookId: guide, quantity: 1 },
      ]),
    );
    expect(created.id).toMatch(/^pkg-sunday-school-class-set-[0-9a-f]{6}$/);
    const set = (await listBundles({ db })).find((bundle) => bundle.id === created.id)!;
    expect(set).toMatchObject({
      name: "Sunday School Class Set",
      priceCents: 14900,
      originalPriceCents: 16000,
      savings: "Save 7%",
      bookCount: 13,
      stock: 2,
      features: ["12 pupil's books", "1 teacher's guide"],
    });
    expect(set.books.map((book) => [book.title, book.quantity])).toEqual([
      ["Pupil's Book", 12],
      ["Teacher's Guide", 1],
    ]);
    const priced = await priceCart({ db }, { currency: "USD", lines: [{ id: created.id, quantity: 5 }] });
    expect(priced.lines.map((line) => [line.title, line.quantity, line.unitPriceCents, line.booksEach])).toEqual([
      ["Sunday School Class Set", 2, 14900, 13],
    ]);
  });

  it("edits parts, price and texts; refuses unknown titles and unknown bundles, writing nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const pupils = await insertTestBook(db, { title: "Pupil's Book", stock: 30 });
    const { id } = await createBundle(deps(), input([{ bookId: pupils, quantity: 12 }]));
    await updateBundle(deps(), {
      ...input([{ bookId: pupils, quantity: 10 }]),
      id,
      name: "Small Class Set",
      price: 9900,
    });
    let set = (await listBundles({ db })).find((bundle) => bundle.id === id)!;
    expect([set.name, set.priceCents, set.bookCount, set.stock]).toEqual(["Small Class Set", 9900, 10, 3]);

    await expect(
      updateBundle(deps(), { ...input([{ bookId: "no-such-book", quantity: 1 }]), id }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { parts: expect.stringContaining("no longer") } });
    await expect(createBundle(deps(), input([{ bookId: "no-such-book", quantity: 1 }]))).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(
      updateBundle(deps(), { ...input([{ bookId: pupils, quantity: 1 }]), id: "pkg-gone" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    set = (await listBundles({ db })).find((bundle) => bundle.id === id)!;
    expect([set.name, set.bookCount]).toEqual(["Small Class Set", 10]);
    expect(await listBundles({ db })).toHaveLength(4);
  });

  it("deletes a bundle: past order lines keep their title and price, and an unpaid one gives its books back", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const pupils = await insertTestBook(db, { title: "Pupil's Book", stock: 30 });
    const { id } = await createBundle(deps(), input([{ bookId: pupils, quantity: 12 }]));
    const orderId = await insertTestOrder(db, {
      lines: [{ bundleId: id, title: "Sunday School Class Set", unitPriceCents: 14900, quantity: 1 }],
    });
    const stock = async () =>
      (await db.selectFrom("books").select("stock").where("id", "=", pupils).executeTakeFirstOrThrow()).stock;
    expect(await stock()).toBe(18);
    expect(await deleteBundle(deps(), { id })).toEqual({ id, name: "Sunday School Class Set" });
    await expect(deleteBundle(deps(), { id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.selectFrom("bundle_books").selectAll().where("bundle_id", "=", id).execute()).toEqual([]);
    const line = await db
      .selectFrom("order_items")
      .select(["bundle_id", "title", "unit_price_cents"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ bundle_id: null, title: "Sunday School Class Set", unit_price_cents: 14900 });
    await db.transaction().execute((trx) => releaseOrderStock(trx, orderId));
    expect(await stock()).toBe(30);
  });
});

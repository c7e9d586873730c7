import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { parse } from "csv-parse/sync";
import { csvValue } from "#server/csv/csv-format.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, paidCardOrder } from "#tests/support/test-orders.ts";
import { ORDER_EXPORT_FIELDS, orderExportSchema, type OrderExportFilter } from "#common/orders/order-export-schema.ts";
import { ORDERS_CSV_HEADER, ordersCsvFileName, ordersCsvStream } from "./orders-csv.ts";
import { checkForm } from "#common/forms/check-form.ts";

/** The form's check, as its callers make it. */
const checkExport = (raw: unknown) => checkForm(orderExportSchema, raw, ORDER_EXPORT_FIELDS);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    text += decoder.decode(r.value);
    chunks++;
  }
  return { text, chunks };
}

/** The export's records as objects keyed by header, values read back as our import would. */
function records(text: string): Record<string, string>[] {
  const rows = parse(text, { record_delimiter: ["\r\n"] }) as string[][];
  const [header, ...body] = rows;
  expect(header).toEqual([...ORDERS_CSV_HEADER]);
  return body.map((row) => Object.fromEntries(row.map((value, i) => [header![i]!, value])));
}

const filter = (values: Record<string, string>): OrderExportFilter => {
  const checked = checkExport(values);
  if (!checked.success) throw new Error(checked.message);
  return checked.data;
};

describe("the orders export filter", () => {
  it("takes an empty form as every order", () => {
    expect(checkExport({})).toEqual({ success: true, data: { search: "", from: null, to: null } });
  });

  it("refuses dates that are not days, and a range that ends before it starts", () => {
    expect(checkExport({ from: "2025-02-30" })).toMatchObject({
      success: false,
      fieldErrors: { from: "From must be a date (YYYY-MM-DD)." },
    });
    expect(checkExport({ to: "yesterday" })).toMatchObject({ success: false });
    expect(checkExport(new URLSearchParams({ from: "2025-03-02", to: "2025-03-01" }))).toMatchObject({
      success: false,
      message: "The end date must be on or after the start date.",
    });
    expect(checkExport({ from: "2025-03-01", to: "2025-03-01" }).success).toBe(true);
  });

  it("names the file after the day", () => {
    expect(ordersCsvFileName(new Date("2025-07-03T12:00:00Z"))).toBe("orders-2025-07-03.csv");
  });
});

describe.each(TEST_ENGINES)("ordersCsvStream on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("writes one line per order with its lines summed up and amounts in decimals, newest first", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await insertTestOrder(db, {
      takeStock: false,
      order: { id: "ORD-A", order_date: "2025-03-01T09:00:00.000Z", ...paidCardOrder("pi_1") },
      lines: [
        { title: "Noah's Ark", unitPriceCents: 1299, quantity: 2 },
        { title: "David, the Shepherd", unitPriceCents: 1000, quantity: 1 },
      ],
    });
    // With a discount code (decision 39): 5.00 − 1.50, no shipping.
    await insertTestOrder(db, {
      takeStock: false,
      order: {
        id: "ORD-B",
        order_date: "2025-03-02T09:00:00.000Z",
        shipping_cents: 0,
        discount_code: "Spring-30",
        discount_cents: 150,
        total_cents: 350,
      },
      lines: [{ title: "Jonah", unitPriceCents: 500, quantity: 1 }],
    });
    await insertTestOrder(db, {
      takeStock: false,
      order: {
        id: "ORD-C",
        order_date: "2025-02-28T09:00:00.000Z",
        ...paidCardOrder("8MC585209K746392H"),
        payment_method: "paypal",
        paypal_order_id: "5O190127TN364715T",
      },
      lines: [{ title: "Ruth", unitPriceCents: 700, quantity: 1 }],
    });
    // Order A left in two parcels.
    await db
      .insertInto("order_tracking_numbers")
      .values(
        [
          ["usps", "9400100000000000000001"],
          ["ups", "1Z999AA10123456784"],
        ].map(([carrier, number], position) => ({
          id: `parcel-${position}`,
          order_id: "ORD-A",
          carrier: carrier!,
          tracking_number: number!,
          position,
          created_at: "2025-03-02T09:00:00.000Z",
          updated_at: "2025-03-02T09:00:00.000Z",
        })),
      )
      .execute();
    const rows = records((await readAll(ordersCsvStream({ db }, { filter: filter({}) }))).text);
    expect(rows.map((row) => row.order_id)).toEqual(["ORD-B", "ORD-A", "ORD-C"]);
    expect(rows.map((row) => row.tracking_numbers)).toEqual([
      "",
      "USPS 9400100000000000000001; UPS 1Z999AA10123456784",
      "",
    ]);
    expect(rows[2]).toMatchObject({ payment_method: "paypal", payment_status: "paid" });
    expect(rows[1]).toMatchObject({
      order_date: "2025-03-01T09:00:00.000Z",
      customer_name: "Grace Hopper",
      customer_email: "buyer@example.com",
      status: "Pending",
      payment_status: "paid",
      payment_method: "card",
      paid_at: "2026-11-20T10:05:00.000Z",
      items: "2 × Noah's Ark; 1 × David, the Shepherd",
      item_count: "3",
      subtotal: "35.98",
      shipping: "5.99",
      total: "41.97",
      paid: "41.97",
      refunded: "0.00",
      discount_code: "",
      discount: "0.00",
      revenue_after_discount: "41.97",
      currency: "USD",
      ship_country: "US",
    });
    expect(rows[0]).toMatchObject({
      subtotal: "5.00",
      discount_code: "Spring-30",
      discount: "1.50",
      total: "3.50",
      revenue_after_discount: "3.50",
      shipping: "0.00",
      paid: "0.00",
      payment_method: "invoice",
    });
  });

  it("keeps to the list's search and to whole UTC days of the date range", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const order = (id: string, at: string, email: string) =>
      insertTestOrder(db, { takeStock: false, order: { id, order_date: at, customer_email: email } });
    await order("ORD-1", "2025-02-28T23:59:59.999Z", "ann@example.com");
    await order("ORD-2", "2025-03-01T00:00:00.000Z", "ann@example.com");
    await order("ORD-3", "2025-03-31T23:59:59.000Z", "Ann@Example.com");
    await order("ORD-4", "2025-04-01T00:00:00.000Z", "ann@example.com");
    await order("ORD-5", "2025-03-15T00:00:00.000Z", "bob@example.com");
    const ids = async (values: Record<string, string>) =>
      records((await readAll(ordersCsvStream({ db }, { filter: filter(values) }))).text).map((row) => row.order_id);
    expect(await ids({ from: "2025-03-01", to: "2025-03-31" })).toEqual(["ORD-3", "ORD-5", "ORD-2"]);
    expect(await ids({ search: "ANN@", from: "2025-03-01", to: "2025-03-31" })).toEqual(["ORD-3", "ORD-2"]);
    expect(await ids({ search: "ord-4" })).toEqual(["ORD-4"]);
    expect(await ids({ to: "2025-02-28" })).toEqual(["ORD-1"]);
    expect(await ids({ from: "2025-04-01" })).toEqual(["ORD-4"]);
    // The search's own wildcards are literal, as in the list.
    expect(await ids({ search: "%" })).toEqual([]);
  });

  it("pages by order date and id without skipping or repeating orders of the same instant", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    for (let i = 0; i < 7; i++) {
      await insertTestOrder(db, {
        takeStock: false,
        order: { id: `ORD-${i}`, order_date: `2025-03-0${1 + Math.floor(i / 3)}T10:00:00.000Z` },
      });
    }
    const { text, chunks } = await readAll(ordersCsvStream({ db }, { filter: filter({}), pageSize: 2 }));
    expect(records(text).map((row) => row.order_id)).toEqual([
      "ORD-6",
      "ORD-5",
      "ORD-4",
      "ORD-3",
      "ORD-2",
      "ORD-1",
      "ORD-0",
    ]);
    // The header, then one chunk per page of two.
    expect(chunks).toBe(5);
  });

  it("neutralises formulas a customer typed, and they read back as typed", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await insertTestOrder(db, {
      takeStock: false,
      order: { id: "ORD-X", customer_name: '=HYPERLINK("http://evil")', organisation: "@SUM(A1)", po_number: "+1" },
      lines: [{ title: "-Minus", unitPriceCents: 100, quantity: 1 }],
    });
    const { text } = await readAll(ordersCsvStream({ db }, { filter: filter({}) }));
    const [row] = records(text);
    expect(row!.customer_name).toBe('\'=HYPERLINK("http://evil")');
    expect(row!.organisation).toBe("'@SUM(A1)");
    expect(row!.po_number).toBe("'+1");
    expect(row!.items).toBe("1 × -Minus");
    expect(csvValue(row!.customer_name!)).toBe('=HYPERLINK("http://evil")');
  });
});

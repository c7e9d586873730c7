import { describe, expect, it } from "vitest";
import { BULK_ORDER_MESSAGES, readBulkOrder } from "./bulk-order.ts";

describe("readBulkOrder", () => {
  it("takes each box with a quantity, in the form's order, and skips empty ones and 0", () => {
    expect(
      readBulkOrder([
        ["age", "5"],
        ["qty-book-a", " 25 "],
        ["qty-book-b", ""],
        ["qty-pkg-disciple", "2"],
        ["qty-book-c", "0"],
      ]),
    ).toEqual({
      ok: true,
      lines: [
        { id: "book-a", quantity: 25 },
        { id: "pkg-disciple", quantity: 2 },
      ],
    });
  });

  it("refuses a box that is not a whole number, or above 99, beside it, taking nothing", () => {
    expect(
      readBulkOrder([
        ["qty-book-a", "10"],
        ["qty-book-b", "2.5"],
        ["qty-book-c", "100"],
      ]),
    ).toEqual({
      ok: false,
      message: BULK_ORDER_MESSAGES.quantity,
      fieldErrors: { "qty-book-b": BULK_ORDER_MESSAGES.quantity, "qty-book-c": BULK_ORDER_MESSAGES.tooMany },
    });
    expect(readBulkOrder([["qty-book-a", "-3"]])).toMatchObject({ ok: false });
  });

  it("refuses an empty form, and ignores odd field names", () => {
    expect(
      readBulkOrder([
        ["qty-", "3"],
        ["qty-a:b", "3"],
        ["qty-x", ""],
      ]),
    ).toEqual({
      ok: false,
      message: BULK_ORDER_MESSAGES.none,
      fieldErrors: {},
    });
  });
});

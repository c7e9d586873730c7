import { centsToMoneyText } from "#common/money/money.ts";
import { describe, expect, it } from "vitest";
import {
  BOOK_FIELDS,
  BOOK_LIMITS,
  bookIdFormSchema,
  bookToFormValues,
  bookFormSchema,
  type BookField,
  type BookFormValues,
} from "./book-schema.ts";
import { checkForm } from "#common/forms/check-form.ts";

/** The form's check, as its callers make it. */
const checkBook = (raw: unknown) => checkForm(bookFormSchema, raw, BOOK_FIELDS);

const valid: BookFormValues = {
  title: "Noah's Ark",
  author: "Miriam Hale",
  description: "Two by two.",
  price: "14.99",
  originalPrice: "",
  badge: "",
  rating: "",
  reviews: "",
  ageRange: "",
  ageMin: "",
  ageMax: "",
  stock: "",
  tags: "",
};

function errorsFor(values: Partial<Record<BookField, unknown>>) {
  const checked = checkBook({ ...valid, ...values });
  if (checked.success) throw new Error(`expected ${JSON.stringify(values)} to be refused`);
  return checked;
}

function dataFor(values: Partial<Record<BookField, unknown>>) {
  const checked = checkBook({ ...valid, ...values });
  if (!checked.success) throw new Error(`expected ${JSON.stringify(values)} to pass: ${checked.message}`);
  return checked.data;
}

describe("checkForm with the book schema", () => {
  it("turns a minimal form into a book in cents with empty optional fields as null", () => {
    expect(dataFor({})).toEqual({
      title: "Noah's Ark",
      author: "Miriam Hale",
      description: "Two by two.",
      priceCents: 1499,
      originalPriceCents: null,
      badge: null,
      rating: null,
      reviews: null,
      ageRange: null,
      ageMin: null,
      ageMax: null,
      stock: null,
      tags: [],
      priceBreaks: [],
    });
  });

  it("reads every optional field and trims text", () => {
    expect(
      dataFor({
        title: "  Noah's Ark ",
        originalPrice: "19.9",
        badge: " Bestseller ",
        rating: "4.5",
        reviews: "312",
        ageRange: "3-8",
        stock: "0",
      }),
    ).toMatchObject({
      title: "Noah's Ark",
      originalPriceCents: 1990,
      badge: "Bestseller",
      rating: 4.5,
      reviews: 312,
      ageRange: "3-8",
      stock: 0,
    });
  });

  it("accepts FormData and URLSearchParams, ignoring fields it does not know", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid)) form.set(key, value);
    form.set("cover", new Blob(["x"]), "cover.png");
    expect(checkBook(form)).toMatchObject({ success: true, data: { priceCents: 1499 } });
    expect(checkBook(new URLSearchParams(valid))).toMatchObject({ success: true, data: { title: "Noah's Ark" } });
  });

  it("refuses missing, empty and blank required fields with a message each", () => {
    for (const value of ["", "   ", undefined, null]) {
      const { fieldErrors } = errorsFor({ title: value, author: value, description: value, price: value });
      expect(fieldErrors).toEqual({
        title: "Title is required.",
        author: "Author is required.",
        description: "Description is required.",
        price: "Price is required.",
      });
    }
    const empty = checkBook(undefined);
    expect(empty).toMatchObject({ success: false, message: "Title is required." });
  });

  it("names the first invalid field in display order as the message", () => {
    const checked = errorsFor({ stock: "-1", price: "abc" });
    expect(checked.message).toBe("Price must be a number of at least 0 with no more than 2 decimals.");
    expect(Object.keys(checked.fieldErrors)).toEqual(["price", "stock"]);
  });

  it("keeps text within its limits", () => {
    expect(errorsFor({ title: "x".repeat(BOOK_LIMITS.title + 1) }).fieldErrors).toEqual({
      title: `Title must be ${BOOK_LIMITS.title} characters or fewer.`,
    });
    expect(dataFor({ title: "x".repeat(BOOK_LIMITS.title) }).title).toHaveLength(BOOK_LIMITS.title);
    expect(errorsFor({ description: "x".repeat(BOOK_LIMITS.description + 1) }).fieldErrors.description).toBe(
      `Description must be ${BOOK_LIMITS.description} characters or fewer.`,
    );
    expect(errorsFor({ badge: "x".repeat(41), ageRange: "x".repeat(41) }).fieldErrors).toEqual({
      badge: "Badge must be 40 characters or fewer.",
      ageRange: "Age range must be 40 characters or fewer.",
    });
    expect(dataFor({ badge: "   ", ageRange: " " })).toMatchObject({ badge: null, ageRange: null });
  });

  it("reads the ages as whole years 0-18, the youngest no older than the oldest", () => {
    expect(dataFor({ ageRange: "Ages 3-8", ageMin: "4", ageMax: " 7 " })).toMatchObject({
      ageRange: "Ages 3-8",
      ageMin: 4,
      ageMax: 7,
    });
    expect(dataFor({ ageMin: "0", ageMax: "18" })).toMatchObject({ ageMin: 0, ageMax: 18 });
    expect(dataFor({ ageMin: "6", ageMax: "6" })).toMatchObject({ ageMin: 6, ageMax: 6 });
    for (const bad of ["-1", "19", "4.5", "four", "1e1"]) {
      expect(errorsFor({ ageMin: bad, ageMax: bad }).fieldErrors, bad).toEqual({
        ageMin: "Youngest age must be a whole number from 0 to 18.",
        ageMax: "Oldest age must be a whole number from 0 to 18.",
      });
    }
    expect(errorsFor({ ageMin: "9", ageMax: "5" })).toMatchObject({
      message: "Oldest age must be at least the youngest age.",
      fieldErrors: { ageMax: "Oldest age must be at least the youngest age." },
    });
    // Told together with other fields' problems.
    expect(errorsFor({ title: "", ageMin: "9", ageMax: "5" }).fieldErrors).toEqual({
      title: "Title is required.",
      ageMax: "Oldest age must be at least the youngest age.",
    });
  });

  it("reads the ages from the age range when both are left empty; one left empty leaves that end open", () => {
    expect(dataFor({ ageRange: "Ages 4–8" })).toMatchObject({ ageMin: 4, ageMax: 8 });
    expect(dataFor({ ageRange: "5+" })).toMatchObject({ ageMin: 5, ageMax: 18 });
    expect(dataFor({ ageRange: "Toddlers" })).toMatchObject({ ageMin: null, ageMax: null });
    // Typed ages win over the label.
    expect(dataFor({ ageRange: "3-8", ageMin: "4", ageMax: "6" })).toMatchObject({ ageMin: 4, ageMax: 6 });
    expect(dataFor({ ageMin: "5" })).toMatchObject({ ageRange: null, ageMin: 5, ageMax: 18 });
    expect(dataFor({ ageRange: "3-8", ageMax: "6" })).toMatchObject({ ageMin: 0, ageMax: 6 });
  });

  it("reads prices exactly, in cents", () => {
    for (const [text, cents] of [
      ["14.99", 1499],
      ["14.9", 1490],
      ["14", 1400],
      ["14.", 1400],
      [".5", 50],
      ["0", 0],
      ["0.00", 0],
      ["14.990", 1499],
      ["0.29", 29],
      ["1.13", 113],
      [" 7.05 ", 705],
      ["100000", 10_000_000],
      [14.99, 1499],
    ] as const) {
      expect(dataFor({ price: text, originalPrice: text })).toMatchObject({
        priceCents: cents,
        originalPriceCents: cents,
      });
    }
  });

  it("refuses negative prices, more than 2 decimals and anything not a plain number", () => {
    const message = "Price must be a number of at least 0 with no more than 2 decimals.";
    for (const text of ["14.999", "-1", "-0.01", "abc", "1e3", "14,99", "$5", ".", "1.2.3", "Infinity", "+5"]) {
      expect(errorsFor({ price: text }).fieldErrors).toEqual({ price: message });
      expect(errorsFor({ originalPrice: text }).fieldErrors).toEqual({
        originalPrice: "Original price must be a number of at least 0 with no more than 2 decimals.",
      });
    }
    expect(errorsFor({ price: "100000.01" }).fieldErrors).toEqual({ price: "Price must be no more than 100,000." });
  });

  it("accepts ratings from 0 to 5 with at most one decimal", () => {
    for (const [text, rating] of [
      ["0", 0],
      ["4.9", 4.9],
      ["5", 5],
      ["5.0", 5],
      ["3.50", 3.5],
      ["", null],
    ] as const) {
      expect(dataFor({ rating: text }).rating).toBe(rating);
    }
    const message = "Rating must be a number from 0 to 5 with no more than 1 decimal.";
    for (const text of ["5.5", "5.01", "6", "-1", "4.75", "abc"]) {
      expect(errorsFor({ rating: text }).fieldErrors).toEqual({ rating: message });
    }
  });

  it("accepts whole numbers of at least 0 for reviews and stock", () => {
    expect(dataFor({ reviews: "0", stock: "25" })).toMatchObject({ reviews: 0, stock: 25 });
    for (const text of ["1.5", "-1", "abc", "1e2", "2.0"]) {
      expect(errorsFor({ reviews: text, stock: text }).fieldErrors).toEqual({
        reviews: "Reviews must be a whole number of at least 0.",
        stock: "Stock must be a whole number of at least 0.",
      });
    }
    expect(errorsFor({ stock: String(BOOK_LIMITS.maxCount + 1) }).fieldErrors).toEqual({
      stock: "Stock must be no more than 1,000,000,000.",
    });
  });

  it("refuses values that are not text (a file in a text field)", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid)) form.set(key, value);
    form.set("title", new Blob(["x"]), "x.txt");
    form.set("stock", new Blob(["1"]), "x.txt");
    const checked = checkBook(form);
    expect(checked).toMatchObject({
      success: false,
      fieldErrors: { title: "Title is required.", stock: "Stock must be a whole number of at least 0." },
    });
  });
});

describe("book tags", () => {
  it("reads comma-separated tags, trimmed, inner spaces collapsed, repeats in other letter case once", () => {
    expect(dataFor({ tags: " Old   Testament , parables,,Parables, Heroes of Faith " }).tags).toEqual([
      "Old Testament",
      "parables",
      "Heroes of Faith",
    ]);
    expect(dataFor({ tags: "" }).tags).toEqual([]);
    expect(dataFor({ tags: undefined }).tags).toEqual([]);
  });

  it("refuses too many tags, a tag too long, and text too long", () => {
    const nine = Array.from({ length: BOOK_LIMITS.tags + 1 }, (_, i) => `Tag ${i}`).join(",");
    expect(errorsFor({ tags: nine }).fieldErrors).toEqual({ tags: "Tags: no more than 8, separated by commas." });
    expect(errorsFor({ tags: "x".repeat(BOOK_LIMITS.tagLength + 1) }).fieldErrors).toEqual({
      tags: "Each tag must be 30 characters or fewer.",
    });
    expect(errorsFor({ tags: ",".repeat(10_000) }).fieldErrors).toEqual({
      tags: `Tags must be ${BOOK_LIMITS.tagsText} characters or fewer.`,
    });
    expect(errorsFor({ tags: ["a"] }).fieldErrors).toEqual({ tags: "Tags must be text." });
  });
});

describe("bookToFormValues", () => {
  it("gives the empty Add Book form", () => {
    expect(bookToFormValues()).toEqual(Object.fromEntries(BOOK_FIELDS.map((f) => [f, ""])));
  });

  it("gives an Edit Book form that saves back to the same book", () => {
    const book = {
      title: "Noah's Ark",
      author: "Miriam Hale",
      description: "Two by two.",
      priceCents: 1405,
      originalPriceCents: 2000,
      badge: null,
      rating: 4.5,
      reviews: 0,
      ageRange: "3-8",
      ageMin: 3,
      ageMax: 8,
      stock: null,
      tags: ["New Testament", "Parables"],
    };
    const values = bookToFormValues(book);
    expect(values).toMatchObject({
      price: "14.05",
      originalPrice: "20.00",
      badge: "",
      rating: "4.5",
      reviews: "0",
      tags: "New Testament, Parables",
    });
    // The form's values carry no price breaks (edited in rows of their own): none are read.
    expect(checkBook(values)).toEqual({ success: true, data: { ...book, priceBreaks: [] } });
    expect(centsToMoneyText(5)).toBe("0.05");
  });
});

describe("bookIdFormSchema", () => {
  it("reads the edited or deleted book's id, and a missing or odd one as an unknown book", () => {
    expect(bookIdFormSchema.parse({ id: "book-1" })).toEqual({ id: "book-1" });
    for (const odd of [{}, { id: "x".repeat(101) }, { id: new Blob(["x"]) }]) {
      expect(bookIdFormSchema.parse(odd)).toEqual({ id: "" });
    }
  });
});

describe("quantity price breaks in the book form", () => {
  const form = (rows: [string, string][]) => {
    const data = new URLSearchParams(Object.entries(valid));
    data.set("price", "9.99");
    rows.forEach(([minQuantity, price], index) => {
      data.set(`priceBreaks.${index}.minQuantity`, minQuantity);
      data.set(`priceBreaks.${index}.price`, price);
    });
    return checkBook(data);
  };

  it("reads rows in cents, skipping rows left empty", () => {
    const checked = form([
      ["10", "8.99"],
      ["", ""],
      ["25", "7.99"],
    ]);
    expect(checked.success && checked.data.priceBreaks).toEqual([
      { minQuantity: 10, unitPriceCents: 899 },
      { minQuantity: 25, unitPriceCents: 799 },
    ]);
  });

  it.each([
    [[["1", "8.99"]], "priceBreaks.0.minQuantity", "A price break's quantity must be a whole number from 2 to 99."],
    [[["100", "8.99"]], "priceBreaks.0.minQuantity", "A price break's quantity must be a whole number from 2 to 99."],
    [[["10", ""]], "priceBreaks.0.price", "Enter the unit price from this quantity."],
    [[["", "8.99"]], "priceBreaks.0.minQuantity", "Enter the quantity this price starts at."],
    [[["10", "9.99"]], "priceBreaks.0.price", "A price break must be below the list price ($9.99)."],
    [[["10", "0"]], "priceBreaks.0.price", "A price break's price must be more than 0."],
    [
      [
        ["25", "8.99"],
        ["10", "7.99"],
      ],
      "priceBreaks.1.minQuantity",
      "Each price break must start at a larger quantity than the one above it (25+).",
    ],
    [
      [
        ["10", "8.99"],
        ["10", "7.99"],
      ],
      "priceBreaks.1.minQuantity",
      "Each price break must start at a larger quantity than the one above it (10+).",
    ],
    [
      [
        ["10", "7.99"],
        ["25", "8.99"],
      ],
      "priceBreaks.1.price",
      "Each price break must be below the one above it ($7.99).",
    ],
  ] as [[string, string][], string, string][])("refuses %j: %s", (rows, field, message) => {
    const checked = form(rows);
    expect(checked.success).toBe(false);
    if (!checked.success) expect(checked.fieldErrors[field]).toBe(message);
  });

  it("refuses more than five rows", () => {
    const checked = form(Array.from({ length: 6 }, (_, i) => [String(10 + i), (8 - i * 0.5).toFixed(2)]));
    expect(!checked.success && checked.fieldErrors.priceBreaks).toBe("No more than 5 price breaks.");
  });
});

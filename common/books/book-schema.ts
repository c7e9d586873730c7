import { z } from "zod";
import { centsToMoneyText, moneyTextToCents, parseFixed } from "#common/money/money.ts";
import { BOOK_AGE_LIMITS, parseAgeRange } from "./age-range.ts";
import { PRICE_BREAK_LIMITS, priceBreakProblems, type PriceBreak } from "./price-breaks.ts";

/**
 * Limits of the book form; the form's `maxLength` attributes use the same numbers. The numeric
 * maxima keep every value far inside PostgreSQL's 32-bit `integer` columns.
 */
export const BOOK_LIMITS = {
  title: 200,
  author: 120,
  description: 5000,
  badge: 40,
  ageRange: 40,
  /** Topic tags per book, and characters per tag. */
  tags: 8,
  tagLength: 30,
  /** The whole comma-separated text: every tag at full length with its ", ". */
  tagsText: 8 * 32,
  /** In dollars. */
  maxPrice: 100_000,
  maxRating: 5,
  maxCount: 1_000_000_000,
} as const;

/** The form's fields in display order (spec section 3); the first invalid one names the toast. */
export const BOOK_FIELDS = [
  "title",
  "author",
  "description",
  "price",
  "originalPrice",
  "badge",
  "rating",
  "reviews",
  "ageRange",
  "ageMin",
  "ageMax",
  "stock",
  "tags",
] as const;

export type BookField = (typeof BOOK_FIELDS)[number];

/** What the form posts: every value is text, and "" means the field was left empty. */
export type BookFormValues = Record<BookField, string>;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refuse = (message: string): Parsed<never> => ({ ok: false, message });

/**
 * Form values arrive as text. A missing field counts as empty, so every required field reports
 * itself; a number (a caller passing JSON) is read as its text so it meets the same rules.
 */
function asFormText(value: unknown): unknown {
  if (value === undefined || value === null) return "";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value;
}

/** One field: trimmed text, then `parse` turns it into a value or a message for the user. */
function formField<T>(typeMessage: string, parse: (text: string) => Parsed<T>) {
  return z.preprocess(
    asFormText,
    z
      .string({ error: typeMessage })
      .trim()
      .transform((text, ctx) => {
        const parsed = parse(text);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }),
  );
}

function requiredText(label: string, max: number) {
  return formField(`${label} is required.`, (text) => {
    if (text === "") return refuse(`${label} is required.`);
    if (text.length > max) return refuse(`${label} must be ${max} characters or fewer.`);
    return accept(text);
  });
}

function optionalText(label: string, max: number) {
  return formField(`${label} must be text.`, (text) => {
    if (text.length > max) return refuse(`${label} must be ${max} characters or fewer.`);
    return accept(text === "" ? null : text);
  });
}

function moneyMessage(label: string): string {
  return `${label} must be a number of at least 0 with no more than 2 decimals.`;
}

function parseCents(label: string, text: string): Parsed<number> {
  const cents = moneyTextToCents(text);
  if (cents === null) return refuse(moneyMessage(label));
  if (cents > BOOK_LIMITS.maxPrice * 100) {
    return refuse(`${label} must be no more than ${BOOK_LIMITS.maxPrice.toLocaleString("en-US")}.`);
  }
  return accept(cents);
}

const ratingMessage = `Rating must be a number from 0 to ${BOOK_LIMITS.maxRating} with no more than 1 decimal.`;
const ratingField = formField(ratingMessage, (text) => {
  if (text === "") return accept(null);
  const tenths = parseFixed(text, 1);
  if (tenths === null || tenths > BOOK_LIMITS.maxRating * 10) return refuse(ratingMessage);
  return accept(tenths / 10);
});

function countField(label: string) {
  const formatMessage = `${label} must be a whole number of at least 0.`;
  return formField(formatMessage, (text) => {
    if (text === "") return accept(null);
    if (!/^\d+$/.test(text)) return refuse(formatMessage);
    const count = Number(text);
    if (count > BOOK_LIMITS.maxCount) {
      return refuse(`${label} must be no more than ${BOOK_LIMITS.maxCount.toLocaleString("en-US")}.`);
    }
    return accept(count);
  });
}

/** A whole number of years, 0–18; empty is null. */
function ageField(label: string) {
  const message = `${label} must be a whole number from ${BOOK_AGE_LIMITS.min} to ${BOOK_AGE_LIMITS.max}.`;
  return formField(message, (text) => {
    if (text === "") return accept(null);
    if (!/^\d{1,2}$/.test(text) || Number(text) > BOOK_AGE_LIMITS.max) return refuse(message);
    return accept(Number(text));
  });
}

/**
 * The ages the catalogue's filter finds the book by (decision 34). Both empty: read from the age
 * range's label ("Ages 4–8", "5+"), or none when it names no ages; one empty: the range is open
 * on that side (from 0, or up to 18).
 */
function bookAges(label: string | null, min: number | null, max: number | null) {
  const ages =
    min === null && max === null
      ? parseAgeRange(label)
      : { min: min ?? BOOK_AGE_LIMITS.min, max: max ?? BOOK_AGE_LIMITS.max };
  return { ageMin: ages?.min ?? null, ageMax: ages?.max ?? null };
}

/**
 * Tags arrive as one text, comma-separated ("Christmas, Parables"). Each is trimmed with its
 * inner spaces collapsed; a tag repeated in other letter case counts once (the first spelling).
 */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(",")) {
    const tag = part.replace(/\s+/g, " ").trim();
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

const tagsField = formField("Tags must be text.", (text) => {
  if (text.length > BOOK_LIMITS.tagsText) return refuse(`Tags must be ${BOOK_LIMITS.tagsText} characters or fewer.`);
  const tags = splitTags(text);
  if (tags.length > BOOK_LIMITS.tags) return refuse(`Tags: no more than ${BOOK_LIMITS.tags}, separated by commas.`);
  const long = tags.find((tag) => tag.length > BOOK_LIMITS.tagLength);
  if (long) return refuse(`Each tag must be ${BOOK_LIMITS.tagLength} characters or fewer.`);
  return accept(tags);
});

const breakQuantityMessage = `A price break's quantity must be a whole number from ${PRICE_BREAK_LIMITS.minQuantity} to ${PRICE_BREAK_LIMITS.maxQuantity}.`;

/**
 * One row of the book form's quantity price breaks (decision 36): "from N copies" and the unit
 * price, posted as `priceBreaks.<row>.minQuantity` and `priceBreaks.<row>.price`. A row left
 * empty is no row; half a row is refused.
 */
const priceBreakRow = z
  .object({
    minQuantity: formField(breakQuantityMessage, (text) => {
      if (text === "") return accept(null);
      const quantity = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
      return quantity >= PRICE_BREAK_LIMITS.minQuantity && quantity <= PRICE_BREAK_LIMITS.maxQuantity
        ? accept(quantity)
        : refuse(breakQuantityMessage);
    }),
    price: formField(moneyMessage("A price break's price"), (text) =>
      text === "" ? accept(null) : parseCents("A price break's price", text),
    ),
  })
  .superRefine(({ minQuantity, price }, ctx) => {
    if (minQuantity === null && price !== null) {
      ctx.addIssue({ code: "custom", path: ["minQuantity"], message: "Enter the quantity this price starts at." });
    }
    if (price !== null && price === 0) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "A price break's price must be more than 0." });
    }
    if (minQuantity !== null && price === null) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "Enter the unit price from this quantity." });
    }
  });

/** The rows as posted (none when the form sends none: the CSV import, which leaves breaks alone). */
const priceBreakRowsField = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : value),
  z
    .array(priceBreakRow, { error: "Price breaks must be rows of a quantity and a price." })
    .max(PRICE_BREAK_LIMITS.rows, `No more than ${PRICE_BREAK_LIMITS.rows} price breaks.`),
);

/** The rows that hold a break, each with its place in the form (for its messages). */
function filledBreakRows(
  rows: readonly { minQuantity: number | null; price: number | null }[],
): (PriceBreak & { index: number })[] {
  return rows.flatMap(({ minQuantity, price }, index) =>
    minQuantity === null || price === null ? [] : [{ index, minQuantity, unitPriceCents: price }],
  );
}

/**
 * The Add/Edit Book form, shared by the browser and the server so both refuse the same input
 * with the same words. Client-safe: zod only. Its keys are the form's field names; it puts out
 * money in integer cents (`price` becomes `priceCents`) and optional fields left empty as null.
 */
export const bookFormSchema = z
  .object({
    title: requiredText("Title", BOOK_LIMITS.title),
    author: requiredText("Author", BOOK_LIMITS.author),
    description: requiredText("Description", BOOK_LIMITS.description),
    price: formField(moneyMessage("Price"), (text) =>
      text === "" ? refuse("Price is required.") : parseCents("Price", text),
    ),
    originalPrice: formField<number | null>(moneyMessage("Original price"), (text) =>
      text === "" ? accept(null) : parseCents("Original price", text),
    ),
    badge: optionalText("Badge", BOOK_LIMITS.badge),
    rating: ratingField,
    reviews: countField("Reviews"),
    ageRange: optionalText("Age range", BOOK_LIMITS.ageRange),
    ageMin: ageField("Youngest age"),
    ageMax: ageField("Oldest age"),
    stock: countField("Stock"),
    tags: tagsField,
    priceBreaks: priceBreakRowsField,
  })
  .refine(({ ageMin, ageMax }) => ageMin === null || ageMax === null || ageMin <= ageMax, {
    path: ["ageMax"],
    message: "Oldest age must be at least the youngest age.",
    // Checked beside other fields' problems (zod skips an object's checks once a field fails),
    // so the admin sees every message at once; not when an age itself was refused.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "ageMin" || issue.path?.[0] === "ageMax"),
  })
  .superRefine(
    ({ price, priceBreaks }, ctx) => {
      const rows = filledBreakRows(priceBreaks);
      for (const problem of priceBreakProblems(price, rows, (cents) => `$${centsToMoneyText(cents)}`)) {
        ctx.addIssue({ code: "custom", path: ["priceBreaks", problem.index, problem.field], message: problem.message });
      }
    },
    {
      // Beside other fields' messages, as the ages' check; not when the price or a row was refused.
      when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "price" || issue.path?.[0] === "priceBreaks"),
    },
  )
  .transform(({ price, originalPrice, ageRange, ageMin, ageMax, priceBreaks, ...rest }) => ({
    ...rest,
    priceCents: price,
    originalPriceCents: originalPrice,
    ageRange,
    ...bookAges(ageRange, ageMin, ageMax),
    priceBreaks: filledBreakRows(priceBreaks).map(({ minQuantity, unitPriceCents }) => ({
      minQuantity,
      unitPriceCents,
    })),
  }));

/** A checked book, ready to store: money in integer cents, empty optional fields null. */
export type BookInput = z.output<typeof bookFormSchema>;

/** The fields of a stored book that the form edits (the server's `Book` extends it). */
export interface BookFormSource {
  title: string;
  author: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  badge: string | null;
  rating: number | null;
  reviews: number | null;
  ageRange: string | null;
  /** The youngest and oldest age the book is for (the catalogue's age filter); both null when none. */
  ageMin: number | null;
  ageMax: number | null;
  /** Units available; null means the stock is not tracked (no limit). */
  stock: number | null;
  /** Topic tags set by an admin (Christmas, Parables, …); empty when none. */
  tags: string[];
}

/** The Edit Book form's starting values; with no book, the empty Add Book form. */
export function bookToFormValues(book?: BookFormSource): BookFormValues {
  if (!book) return Object.fromEntries(BOOK_FIELDS.map((field) => [field, ""])) as BookFormValues;
  const optional = (value: number | string | null) => (value === null ? "" : String(value));
  return {
    title: book.title,
    author: book.author,
    description: book.description,
    price: centsToMoneyText(book.priceCents),
    originalPrice: book.originalPriceCents === null ? "" : centsToMoneyText(book.originalPriceCents),
    badge: optional(book.badge),
    rating: optional(book.rating),
    reviews: optional(book.reviews),
    ageRange: optional(book.ageRange),
    ageMin: optional(book.ageMin),
    ageMax: optional(book.ageMax),
    stock: optional(book.stock),
    tags: book.tags.join(", "),
  };
}

/** The form field that carries the stock the Edit Book form showed when it opened. */
export const STOCK_SHOWN_FIELD = "stockShown";

/** A stock as typed or posted, as a count: null when empty (not tracked), undefined when it is not a count. */
export function stockCount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The stock the Edit Book form showed (`stockShown`, posted beside Stock): null for untracked
 * stock, undefined when the post carries none (or an odd value). Orders take stock while the
 * dialog is open, so a save writes Stock only when the admin changed it, and then only over the
 * figure they saw (updateBook).
 */
export function readStockShown(raw: unknown): number | null | undefined {
  const value = postedText(raw, STOCK_SHOWN_FIELD);
  return value === undefined ? undefined : stockCount(value);
}

/** The form field that carries the id the Add Book dialog made for the book it adds. */
export const NEW_BOOK_ID_FIELD = "newBookId";

/**
 * The id the Add Book dialog made when it opened (a UUID), so that a save sent again after its
 * answer was lost (a dropped connection while a cover uploads) finds the book it added instead
 * of adding a second one. Undefined when the post carries none or an odd value.
 */
export function readNewBookId(raw: unknown): string | undefined {
  const value = postedText(raw, NEW_BOOK_ID_FIELD);
  return value !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value)
    ? value
    : undefined;
}

/** One text field of a post (FormData, URLSearchParams or an object of form values), if it has it. */
function postedText(raw: unknown, name: string): string | undefined {
  const value =
    raw instanceof FormData || raw instanceof URLSearchParams
      ? raw.get(name)
      : typeof raw === "object" && raw !== null
        ? (raw as Record<string, unknown>)[name]
        : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The Book Management action's intents, posted as `intent` by the book form and the delete button. */
export const BOOK_INTENTS = { create: "create", update: "update", delete: "delete" } as const;

/**
 * The book an edit or delete names (its `id` field). A missing or odd id is read as an unknown
 * book, so the use case answers "Book not found." (404) as for any id that names no book.
 */
export const bookIdFormSchema = z.object({ id: z.string().max(100).catch("") });
export type BookIntent = (typeof BOOK_INTENTS)[keyof typeof BOOK_INTENTS];

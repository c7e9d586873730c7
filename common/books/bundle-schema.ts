import { z } from "zod";
import { moneyTextToCents } from "#common/money/money.ts";

/** Limits of the bundle form (decision 38); its `maxLength` attributes use the same numbers. */
export const BUNDLE_LIMITS = {
  name: 120,
  description: 1000,
  savings: 40,
  /** Lines of the "What's included" list, and characters per line. */
  features: 10,
  featureLength: 200,
  /** Different titles in one bundle, and copies of one title in it. */
  parts: 20,
  minCopies: 1,
  maxCopies: 99,
  /** In dollars. */
  maxPrice: 100_000,
} as const;

/** The form's fields in display order; the first invalid one takes the focus and names the toast. */
export const BUNDLE_FIELDS = ["name", "description", "price", "originalPrice", "savings", "features", "parts"] as const;

/** Every bundle's id starts with this; every other id in a cart is a book's (server/checkout/price-cart.ts). */
export const BUNDLE_ID_PREFIX = "pkg-";

export const BUNDLE_INTENTS = { create: "create", update: "update", delete: "delete" } as const;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : value === undefined ? "" : value);

/** Money text to cents, greater than 0; `null` for empty text where the field is optional. */
function parseMoney(label: string, value: string, ctx: z.RefinementCtx): number {
  const message = `${label} must be a number greater than 0 with no more than 2 decimals.`;
  const cents = moneyTextToCents(value);
  if (value === "" || cents === null || cents <= 0) {
    ctx.addIssue({ code: "custom", message: value === "" ? `${label} is required.` : message });
    return 0;
  }
  if (cents > BUNDLE_LIMITS.maxPrice * 100) {
    ctx.addIssue({
      code: "custom",
      message: `${label} must be no more than ${BUNDLE_LIMITS.maxPrice.toLocaleString("en-US")}.`,
    });
  }
  return cents;
}

const requiredMoney = (label: string) =>
  z.preprocess(
    text,
    z.string({ error: `${label} is required.` }).transform((value, ctx) => parseMoney(label, value, ctx)),
  );

const optionalMoney = (label: string) =>
  z.preprocess(
    text,
    z
      .string({ error: `${label} must be a number.` })
      .transform((value, ctx): number | null => (value === "" ? null : parseMoney(label, value, ctx))),
  );

const copiesMessage = `Copies must be a whole number from ${BUNDLE_LIMITS.minCopies} to ${BUNDLE_LIMITS.maxCopies}.`;

/** One row of the parts: a title and its copies per set. A row with neither is a blank row of the form. */
const partSchema = z.object({
  bookId: z.preprocess(text, z.string().max(100, "Choose a title from the list.")),
  quantity: z.preprocess(text, z.string()),
});

/**
 * What the bundle form posts (the client checks it before posting, the server again). Parts come
 * as rows `parts.N.bookId` / `parts.N.quantity`; blank rows are dropped; a title may appear once.
 * Whether each title exists is the server's check (saveBundle).
 */
export const bundleSchema = z.object({
  name: z.preprocess(
    text,
    z
      .string({ error: "Name is required." })
      .min(1, "Name is required.")
      .max(BUNDLE_LIMITS.name, `Name must be ${BUNDLE_LIMITS.name} characters or fewer.`),
  ),
  description: z.preprocess(
    text,
    z
      .string({ error: "Description is required." })
      .min(1, "Description is required.")
      .max(BUNDLE_LIMITS.description, `Description must be ${BUNDLE_LIMITS.description} characters or fewer.`),
  ),
  price: requiredMoney("Price"),
  originalPrice: optionalMoney("Original price"),
  savings: z.preprocess(
    text,
    z
      .string({ error: "Savings label must be text." })
      .max(BUNDLE_LIMITS.savings, `Savings label must be ${BUNDLE_LIMITS.savings} characters or fewer.`)
      .transform((value) => (value === "" ? null : value)),
  ),
  features: z.preprocess(
    text,
    z
      .string({ error: "What's included must be text." })
      .transform((value) =>
        value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine((lines) => lines.length <= BUNDLE_LIMITS.features, {
        message: `What's included may have at most ${BUNDLE_LIMITS.features} lines.`,
      })
      .refine((lines) => lines.every((line) => line.length <= BUNDLE_LIMITS.featureLength), {
        message: `Each line of what's included must be ${BUNDLE_LIMITS.featureLength} characters or fewer.`,
      }),
  ),
  popular: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  parts: z
    .preprocess((value) => (Array.isArray(value) ? value : []), z.array(partSchema))
    .transform((rows, ctx) => {
      const parts: { bookId: string; quantity: number }[] = [];
      for (const row of rows) {
        if (row.bookId === "" && row.quantity === "") continue;
        if (row.bookId === "") {
          ctx.addIssue({ code: "custom", message: "Choose a title for each row with copies." });
          return z.NEVER;
        }
        const copies = Number(row.quantity);
        if (!/^\d{1,2}$/.test(row.quantity) || copies < BUNDLE_LIMITS.minCopies || copies > BUNDLE_LIMITS.maxCopies) {
          ctx.addIssue({ code: "custom", message: copiesMessage });
          return z.NEVER;
        }
        if (parts.some((part) => part.bookId === row.bookId)) {
          ctx.addIssue({ code: "custom", message: "Each title may appear once; set its copies instead." });
          return z.NEVER;
        }
        parts.push({ bookId: row.bookId, quantity: copies });
      }
      if (parts.length === 0) {
        ctx.addIssue({ code: "custom", message: "Add at least one title to the bundle." });
        return z.NEVER;
      }
      if (parts.length > BUNDLE_LIMITS.parts) {
        ctx.addIssue({ code: "custom", message: `A bundle may hold at most ${BUNDLE_LIMITS.parts} titles.` });
        return z.NEVER;
      }
      return parts;
    }),
});

export type BundleInput = z.output<typeof bundleSchema>;

/** The bundle an edit or delete names (its `id` field); an odd id reads as unknown ("Bundle not found."). */
export const bundleIdFormSchema = z.object({ id: z.string().max(100).catch("") });

import { z } from "zod";
import { moneySchema } from "#common/money/money-field-schema.ts";
import { DISCOUNT_CODE_PATTERN } from "./discount-rule.ts";

/**
 * The back office's discount-code form (decision 39), checked in the browser before posting and
 * again by the action. Dates are whole days in UTC (as the dashboard counts them): a code runs from
 * the start of its start day to the end of its end day, so the end day may not come before the start day.
 */
export const DISCOUNT_CODE_LIMITS = {
  /** Titles one code may name. */
  titles: 200,
  maxAmountCents: 100_000_00,
  maxCount: 1_000_000,
} as const;

export const DISCOUNT_CODE_FIELDS = [
  "code",
  "kind",
  "percent",
  "amount",
  "appliesTo",
  "bookIds",
  "minQuantity",
  "minSubtotal",
  "startsOn",
  "endsOn",
  "usageLimit",
  "perCustomerLimit",
  "active",
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An optional whole number of at least 1 ("" → null). */
function optionalCount(message: string) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const text = String(value ?? "").trim();
      if (text === "") return null;
      const number = Number(text);
      if (
        !/^\d+$/.test(text) ||
        !Number.isSafeInteger(number) ||
        number < 1 ||
        number > DISCOUNT_CODE_LIMITS.maxCount
      ) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

function optionalDay(message: string) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return null;
      if (!DAY.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    });
}

export const discountCodeSchema = z
  .object({
    /** The code being edited; absent for a new one. */
    id: z.string().max(64).optional(),
    code: z
      .string({ error: "Please enter a code." })
      .trim()
      .min(1, "Please enter a code.")
      .regex(DISCOUNT_CODE_PATTERN, "A code is 3 to 32 letters, digits or dashes."),
    kind: z.enum(["percent", "fixed"], { error: "Please choose a percentage or a fixed amount." }),
    percent: z.string().nullish(),
    amount: z.string().nullish(),
    appliesTo: z.enum(["order", "titles"], { error: "Please choose what the code applies to." }),
    bookIds: z
      .array(z.string().min(1).max(64))
      .max(DISCOUNT_CODE_LIMITS.titles, `A code may name at most ${DISCOUNT_CODE_LIMITS.titles} titles.`)
      .optional()
      .default([]),
    minQuantity: optionalCount("The minimum quantity must be a whole number of at least 1."),
    minSubtotal: moneySchema({
      formatMessage: "Please enter the minimum subtotal as an amount, like 50.00.",
      tooHighMessage: "That minimum subtotal is too high.",
      maxCents: DISCOUNT_CODE_LIMITS.maxAmountCents,
      emptyAs: null,
    }),
    startsOn: optionalDay("Please enter the start date as a date."),
    endsOn: optionalDay("Please enter the end date as a date."),
    usageLimit: optionalCount("The usage limit must be a whole number of at least 1."),
    perCustomerLimit: optionalCount("The limit per customer must be a whole number of at least 1."),
    active: z
      .union([z.literal("on"), z.literal("true"), z.literal(""), z.boolean()])
      .optional()
      .transform((value) => value === "on" || value === "true" || value === true),
  })
  .transform((value, ctx) => {
    let percent: number | null = null;
    let amountCents: number | null = null;
    if (value.kind === "percent") {
      const text = (value.percent ?? "").trim();
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < 1 || number > 100) {
        ctx.addIssue({
          code: "custom",
          path: ["percent"],
          message: "The percentage must be a whole number from 1 to 100.",
        });
      } else percent = number;
    } else {
      const parsed = moneySchema({
        formatMessage: "Please enter the amount, like 5.00.",
        tooHighMessage: "That amount is too high.",
        maxCents: DISCOUNT_CODE_LIMITS.maxAmountCents,
      }).safeParse(value.amount ?? "");
      if (!parsed.success || parsed.data <= 0) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "The amount must be more than 0, like 5.00." });
      } else amountCents = parsed.data;
    }
    const bookIds = [...new Set(value.bookIds)];
    if (value.appliesTo === "titles" && bookIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["bookIds"], message: "Please choose at least one title." });
    }
    if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The end date must come after the start date." });
    }
    return {
      id: value.id,
      code: value.code,
      kind: value.kind,
      percent,
      amountCents,
      appliesTo: value.appliesTo,
      bookIds: value.appliesTo === "titles" ? bookIds : [],
      minQuantity: value.minQuantity,
      minSubtotalCents: value.minSubtotal,
      startsOn: value.startsOn,
      endsOn: value.endsOn,
      usageLimit: value.usageLimit,
      perCustomerLimit: value.perCustomerLimit,
      active: value.active,
    };
  });

export type DiscountCodeInput = z.output<typeof discountCodeSchema>;

/** A start day → the moment the code starts (its day's start, UTC). */
export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** An end day → the moment the code stops (the next day's start, UTC): the end day counts whole. */
export function endOfDay(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The stored moments back to the form's days. */
export function dayOfStart(at: string | null): string {
  return at ? at.slice(0, 10) : "";
}
export function dayOfEnd(at: string | null): string {
  if (!at) return "";
  const day = new Date(at);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

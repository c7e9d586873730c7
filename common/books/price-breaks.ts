import { CHECKOUT_LIMITS } from "#common/checkout/cart-param.ts";

/**
 * Quantity price breaks (decision 36): from `minQuantity` copies on one line, each copy costs
 * `unitPriceCents`. Plain TypeScript, no zod: the cart (on every storefront page) prices its lines
 * with it, and the server's pricing (`priceCart`) with the same function.
 */
export interface PriceBreak {
  minQuantity: number;
  unitPriceCents: number;
}

export const PRICE_BREAK_LIMITS = {
  /** Rows a book may have. */
  rows: 5,
  /** A break of 1 would be the list price under another name. */
  minQuantity: 2,
  /** A line never holds more than the checkout takes (99): a higher threshold could never apply. */
  maxQuantity: CHECKOUT_LIMITS.quantity,
} as const;

/**
 * The unit price of a line of `quantity` copies: the break with the highest threshold the quantity
 * reaches, never above the list price (a list price lowered below a stored break wins).
 */
export function unitPriceFor(listPriceCents: number, breaks: readonly PriceBreak[], quantity: number): number {
  let price = listPriceCents;
  for (const row of breaks) {
    if (quantity >= row.minQuantity && row.unitPriceCents < price) price = row.unitPriceCents;
  }
  return price;
}

/** The break a quantity reaches, if any (for "25+ price" beside a line). */
export function breakFor(
  listPriceCents: number,
  breaks: readonly PriceBreak[],
  quantity: number,
): PriceBreak | undefined {
  const price = unitPriceFor(listPriceCents, breaks, quantity);
  return price < listPriceCents ? breaks.find((row) => row.unitPriceCents === price) : undefined;
}

/** The lowest price a book reaches, with its threshold ("From $7.99 for 25+"); undefined without breaks. */
export function lowestBreak(listPriceCents: number, breaks: readonly PriceBreak[]): PriceBreak | undefined {
  return breakFor(listPriceCents, breaks, Number.MAX_SAFE_INTEGER);
}

/** One refused row of the book form: its index among the posted rows, the field and why. */
export interface PriceBreakProblem {
  index: number;
  field: "minQuantity" | "price";
  message: string;
}

/**
 * What is wrong with a book's breaks against its list price, row by row (empty when nothing):
 * thresholds from 2 up to the checkout's 99 and increasing (rows that overlap or repeat are
 * refused), each price below the list price and below the row above's. `rows` carry the form's
 * index so that a message lands beside its row; `format` writes money for the messages.
 */
export function priceBreakProblems(
  listPriceCents: number,
  rows: readonly (PriceBreak & { index: number })[],
  format: (cents: number) => string,
): PriceBreakProblem[] {
  const problems: PriceBreakProblem[] = [];
  let previous: PriceBreak | undefined;
  for (const row of rows) {
    if (previous && row.minQuantity <= previous.minQuantity) {
      problems.push({
        index: row.index,
        field: "minQuantity",
        message: `Each price break must start at a larger quantity than the one above it (${previous.minQuantity}+).`,
      });
    }
    if (row.unitPriceCents >= listPriceCents) {
      problems.push({
        index: row.index,
        field: "price",
        message: `A price break must be below the list price (${format(listPriceCents)}).`,
      });
    } else if (previous && row.unitPriceCents >= previous.unitPriceCents) {
      problems.push({
        index: row.index,
        field: "price",
        message: `Each price break must be below the one above it (${format(previous.unitPriceCents)}).`,
      });
    }
    previous = row;
  }
  return problems;
}

const isWhole = (value: unknown, least: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= least;

/**
 * Stored breaks (a book's `price_breaks` JSON, a stored cart line's) as a list; anything that is
 * not one reads as no breaks, so a hand-edited row never breaks a page.
 */
export function readPriceBreaks(value: unknown): PriceBreak[] {
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const breaks: PriceBreak[] = [];
  for (const row of list.slice(0, PRICE_BREAK_LIMITS.rows)) {
    if (typeof row !== "object" || row === null) return [];
    const { minQuantity, unitPriceCents } = row as Record<string, unknown>;
    if (!isWhole(minQuantity, PRICE_BREAK_LIMITS.minQuantity) || !isWhole(unitPriceCents, 0)) return [];
    breaks.push({ minQuantity, unitPriceCents });
  }
  return breaks;
}

// The discount-code rule (issue 33, item 5; decision 39). Pure and browser-safe, so that the
// checkout page, placing the order and its tests compute the same cents.

/** A code's terms as the rule reads them (the server loads them from `discount_codes`). */
export interface DiscountTerms {
  code: string;
  kind: "percent" | "fixed";
  /** 1–100, for kind "percent". */
  percent: number | null;
  /** > 0, for kind "fixed". */
  amountCents: number | null;
  /** "order": every line; "titles": only the lines of `bookIds`. */
  appliesTo: "order" | "titles";
  bookIds: readonly string[];
  /** Copies of the eligible lines the cart must reach, if set. */
  minQuantity: number | null;
  /** Subtotal of the eligible lines (after price breaks) the cart must reach, if set. */
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  uses: number;
  active: boolean;
}

/** A cart line as priced with its price break (price-cart.ts). */
export interface DiscountedLineInput {
  kind: "book" | "bundle";
  id: string;
  quantity: number;
  lineTotalCents: number;
}

export type DiscountRefusal =
  | "unknown"
  | "inactive"
  | "not-started"
  | "expired"
  | "exhausted"
  | "customer-limit"
  | "minimum-quantity"
  | "minimum-subtotal"
  | "no-eligible-title";

export type DiscountOutcome =
  | {
      ok: true;
      /** What the code takes off the order, in cents (never above the eligible subtotal). */
      discountCents: number;
      /** The same amount spread over the lines, in the lines' order (0 for an ineligible line). */
      lineDiscounts: number[];
    }
  | { ok: false; reason: DiscountRefusal; message: string };

/** `percent` % of `cents`, rounded half up to the cent: the one rounding of a percentage. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** A code as typed → its key (codes are matched without regard to letter case). */
export function discountCodeKey(code: string): string {
  return code.trim().toLowerCase();
}

/** The code format staff may create and a buyer may type: 3–32 letters, digits and dashes. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/**
 * Applies a code to priced lines at `now`: checks active, dates and total uses (the per-customer
 * limit needs the database: the server checks it), then the minimums over the eligible lines,
 * then takes the discount: a percentage of the eligible subtotal rounded half up, or a fixed
 * amount capped at the eligible subtotal. The amount is spread over the eligible lines in
 * proportion to their totals (largest remainder), so that tax can be reckoned on what each line
 * really costs. `money` writes amounts for the messages.
 */
export function applyDiscount(
  terms: DiscountTerms,
  lines: readonly DiscountedLineInput[],
  now: Date,
  money: (cents: number) => string,
): DiscountOutcome {
  const refuse = (reason: DiscountRefusal, message: string): DiscountOutcome => ({ ok: false, reason, message });
  const code = terms.code;
  if (!terms.active) return refuse("inactive", `The code ${code} is not active.`);
  if (terms.startsAt && now.getTime() < Date.parse(terms.startsAt)) {
    return refuse("not-started", `The code ${code} cannot be used yet.`);
  }
  if (terms.endsAt && now.getTime() >= Date.parse(terms.endsAt)) {
    return refuse("expired", `The code ${code} has expired.`);
  }
  if (terms.usageLimit !== null && terms.uses >= terms.usageLimit) {
    return refuse("exhausted", `The code ${code} has been used as many times as it can be.`);
  }
  const titles = new Set(terms.bookIds);
  const eligible = lines.map((line) => terms.appliesTo === "order" || (line.kind === "book" && titles.has(line.id)));
  if (!eligible.includes(true)) {
    return refuse("no-eligible-title", `The code ${code} applies to none of the titles in your order.`);
  }
  const copies = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.quantity : 0), 0);
  const subtotal = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.lineTotalCents : 0), 0);
  const on = terms.appliesTo === "order" ? "your order" : "the titles it applies to";
  if (terms.minQuantity !== null && copies < terms.minQuantity) {
    return refuse(
      "minimum-quantity",
      `The code ${code} needs at least ${terms.minQuantity} copies of ${on} (you have ${copies}).`,
    );
  }
  if (terms.minSubtotalCents !== null && subtotal < terms.minSubtotalCents) {
    return refuse(
      "minimum-subtotal",
      `The code ${code} needs a subtotal of at least ${money(terms.minSubtotalCents)} for ${on} (you have ${money(subtotal)}).`,
    );
  }
  const discountCents =
    terms.kind === "percent" ? percentOf(subtotal, terms.percent ?? 0) : Math.min(terms.amountCents ?? 0, subtotal);
  return { ok: true, discountCents, lineDiscounts: spread(discountCents, lines, eligible, subtotal) };
}

/** `amount` over the eligible lines in proportion to their totals; the cents left go to the largest remainders. */
function spread(
  amount: number,
  lines: readonly DiscountedLineInput[],
  eligible: readonly boolean[],
  subtotal: number,
): number[] {
  if (subtotal === 0) return lines.map(() => 0);
  const shares = lines.map((line, index) =>
    eligible[index] ? Math.floor((amount * line.lineTotalCents) / subtotal) : 0,
  );
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = lines
    .map((line, index) => ({ index, remainder: eligible[index] ? (amount * line.lineTotalCents) % subtotal : -1 }))
    .filter((entry) => entry.remainder >= 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const entry of byRemainder) {
    if (left <= 0) break;
    shares[entry.index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The lines with their share of the discount taken off (what shipping's threshold and tax read). */
export function discountedLines<T extends { lineTotalCents: number }>(
  lines: readonly T[],
  lineDiscounts: readonly number[],
): T[] {
  return lines.map((line, index) => ({ ...line, lineTotalCents: line.lineTotalCents - (lineDiscounts[index] ?? 0) }));
}

/**
 * The store states its invoice terms as free text in Store Settings ("Net 30", required while
 * invoices are on). The due date is read from it: "Net N" or "N days" is N days after the invoice
 * date, "due on receipt" (or "immediately", "COD") the invoice date itself. Any other text ("Net 10
 * EOM", "within a month") names no period this can count, and the invoice prints the terms without
 * a due date rather than guess one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any term a shop gives; a larger number is a typing slip, not a period. */
const MAX_DAYS = 365;

/** Days from the invoice date to the due date by `terms`; null when the text names no period. */
export function paymentTermDays(terms: string): number | null {
  const text = terms.toLowerCase();
  // Counted from the end of the month: not a number of days from the invoice date.
  if (/\beom\b|end of (the )?month/.test(text)) return null;
  const counted = /\bnet\s*-?\s*(\d{1,3})\b/.exec(text) ?? /\b(\d{1,3})\s*(?:calendar\s+)?days?\b/.exec(text);
  if (counted) {
    const days = Number(counted[1]);
    return days <= MAX_DAYS ? days : null;
  }
  if (/\b(on|upon) receipt\b|\bimmediate(ly)?\b|\bcash on delivery\b|\bcod\b/.test(text)) return 0;
  return null;
}

/**
 * The due date (an ISO time) of an invoice dated `invoiceDate`: `terms` days later; on receipt
 * (the invoice date) when the store states no terms; null when its terms name no period.
 */
export function invoiceDueDate(invoiceDate: string, terms: string | null): string | null {
  const days = terms === null ? 0 : paymentTermDays(terms);
  if (days === null) return null;
  const start = Date.parse(invoiceDate);
  if (Number.isNaN(start)) return null;
  return new Date(start + days * DAY_MS).toISOString();
}

/**
 * Money, the one module: amounts are integer cents (hundredths of the store's currency, whatever
 * it is) together with the store's ISO 4217 currency code; they become text only here and are
 * read from text only here. Plain TypeScript: prices are shown on every storefront page, which
 * carries no zod (decision 16); the money field of a zod form is money-field-schema.ts.
 */

/** The currency when the store has not chosen one (spec: USD). */
export const DEFAULT_CURRENCY = "USD";

// Digits with an optional decimal part, as a number input sends them ("14.99", "14", ".5").
const DECIMAL_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads a non-negative decimal exactly (no floating point on the way), as an integer count of
 * 1/10^decimals units; trailing zeros do not count as decimals ("14.990" is 14.99). Null when
 * the text is not such a number or has more whole digits than is sensible (12).
 */
export function parseFixed(text: string, decimals: number): number | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? "";
  const fractionText = match[2] ?? "";
  if (whole === "" && fractionText === "") return null;
  const fraction = fractionText.replace(/0+$/, "");
  // Twelve digits are far past every limit and still exact in a double.
  if (fraction.length > decimals || whole.replace(/^0+/, "").length > 12) return null;
  return Number(whole || "0") * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

/** The one parser from typed text to cents: "14.99" → 1499, "5" → 500, ".5" → 50; null if it is not an amount. */
export function moneyTextToCents(text: string): number | null {
  return parseFixed(text, 2);
}

/** Cents as the text a money field shows and posts: 1499 → "14.99" (no symbol, no grouping). */
export function centsToMoneyText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Currencies whose smallest unit is not a hundredth: none (JPY, KRW, VND, …) or a thousandth
 * (KWD, BHD, …), from ISO 4217 and Stripe's zero- and three-decimal lists. The shop keeps every
 * amount in hundredths and sends Stripe the same integers, which Stripe reads in the currency's
 * own smallest unit: a book priced ¥1,500 (150000 hundredths) would be charged ¥150,000. Store
 * Settings refuses these codes, and a card payment is never opened in one.
 */
// prettier-ignore
const NOT_IN_HUNDREDTHS: ReadonlySet<string> = new Set([
  // No minor unit.
  "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
  "XAF", "XOF", "XPF",
  // Thousandths, and the ten-thousandths of two units of account.
  "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND", "CLF", "UYW",
]);

/** Whether amounts in `currency` are counted in hundredths, as the shop keeps them. */
export function isCurrencyInHundredths(currency: string): boolean {
  return !NOT_IN_HUNDREDTHS.has(currency.toUpperCase());
}

/**
 * The symbol en-US writes before an amount in each currency that has one (what
 * `Intl.NumberFormat("en-US", { style: "currency" })` writes); any other code is written as itself
 * followed by a no-break space ("CHF 14.99"), as Intl writes it. `money.test.ts` checks
 * every entry and the fallback against Intl.
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CAD: "CA$",
  AUD: "A$",
  NZD: "NZ$",
  HKD: "HK$",
  MXN: "MX$",
  TWD: "NT$",
  XCD: "EC$",
  BRL: "R$",
  CNY: "CN¥",
  INR: "₹",
  ILS: "₪",
  PHP: "₱",
};

/**
 * Cents shown to people in the store's currency: 1499 → "$14.99" (USD), "€14.99" (EUR),
 * 123456 → "$1,234.56", "CHF 14.99" for a code without a symbol of its own. The same text as
 * Intl's en-US currency format, always with two decimals (amounts are stored in hundredths),
 * written by hand: the first Intl formatter a browser page makes loads its locale data, 50–150 ms
 * of main thread on this machine and more on a cheap phone, on every storefront page that shows a
 * price (decision 7). The server and the browser run this same code, so they agree.
 */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = `${whole}.${String(abs % 100).padStart(2, "0")}`;
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol === undefined ? `${sign}${currency}\u00a0${amount}` : `${sign}${symbol}${amount}`;
}

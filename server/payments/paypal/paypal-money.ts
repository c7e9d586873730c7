import { centsToMoneyText, isCurrencyInHundredths, moneyTextToCents } from "#common/money/money.ts";

/**
 * Amounts between the shop (integer cents) and PayPal (`{ currency_code, value }`, the value a
 * decimal string such as "12.50"), converted exactly, without floating point: common/money/money.ts
 * does the reading and writing.
 */

/** The currencies PayPal's REST API takes (its "Currency codes" reference), in hundredths or whole units. */
// prettier-ignore
const PAYPAL_CURRENCIES: ReadonlySet<string> = new Set([
  "AUD", "BRL", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MYR", "MXN", "TWD", "NZD", "NOK",
  "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "THB", "USD",
]);

/**
 * Currencies PayPal takes in whole units only ("a decimal amount is an error"), though ISO 4217
 * counts them in hundredths and the shop keeps them so: an amount with cents cannot be sent.
 */
const WHOLE_UNITS_ONLY: ReadonlySet<string> = new Set(["HUF", "TWD"]);

/**
 * Whether PayPal can take payments in the store's currency as the shop keeps amounts: PayPal
 * offers it and the shop counts it in hundredths (JPY, which PayPal takes, is not: money.ts).
 */
export function isPayPalCurrency(currency: string): boolean {
  const code = currency.toUpperCase();
  return PAYPAL_CURRENCIES.has(code) && isCurrencyInHundredths(code);
}

/**
 * Cents as PayPal's `value`: 1250 → "12.50"; in HUF and TWD, 125000 → "1250". Throws a
 * RangeError for what PayPal would refuse or misread: not a whole non-negative number of cents,
 * a currency PayPal does not take (isPayPalCurrency), cents in a whole-units currency.
 */
export function centsToPayPalValue(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  if (!isPayPalCurrency(code)) throw new RangeError(`PayPal does not take payments in ${code}`);
  if (WHOLE_UNITS_ONLY.has(code)) {
    if (cents % 100 !== 0) throw new RangeError(`PayPal takes ${code} amounts in whole units only`);
    return String(cents / 100);
  }
  return centsToMoneyText(cents);
}

/** The amount PayPal's `value` says, in cents: "12.50" → 1250, "12" → 1200; null if it is not one. */
export function payPalValueToCents(value: string): number | null {
  return moneyTextToCents(value);
}

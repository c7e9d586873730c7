import { SHOP_CURRENCY_CODES } from "#common/money/currency-codes.ts";

/** One choice of Store Settings' currency list: the ISO code and its English name. */
export interface CurrencyChoice {
  code: string;
  name: string;
}

let choices: readonly CurrencyChoice[] | undefined;

/**
 * The currencies a store can sell in, named by the server's Intl (en-US) and sent with the
 * settings page: named in the browser, an engine whose names differ from Node's would render
 * other option text than the server did.
 */
export function currencyChoices(): readonly CurrencyChoice[] {
  if (!choices) {
    const names = new Intl.DisplayNames("en-US", { type: "currency", fallback: "code" });
    choices = SHOP_CURRENCY_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  }
  return choices;
}

import { createContext, useCallback, useContext } from "react";
import { DEFAULT_CURRENCY, formatMoney } from "#common/money/money.ts";

const CurrencyContext = createContext<string>(DEFAULT_CURRENCY);

/**
 * The store's currency for the prices below it: the root provides the Store Settings choice to
 * the page, and an island (decision 21), a React root of its own, provides the one it was given.
 */
export const CurrencyProvider = CurrencyContext.Provider;

/**
 * Cents as text in the store's currency, for components: "$14.99". Formatting itself lives in
 * common/money/money.ts, shared with the server.
 */
export function useFormatMoney(): (cents: number) => string {
  const currency = useContext(CurrencyContext);
  return useCallback((cents: number) => formatMoney(cents, currency), [currency]);
}

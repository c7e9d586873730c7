import { useCallback } from "react";
import { DEFAULT_CURRENCY, formatMoney } from "#server/money/money-schema.ts";
import { useStore } from "./use-store.ts";

/**
 * Cents as text in the store's currency (the Store Settings choice), for components: "$14.99".
 * Formatting itself lives in server/money/money-schema.ts, shared with the server.
 */
export function useFormatMoney(): (cents: number) => string {
  const currency = useStore()?.currency ?? DEFAULT_CURRENCY;
  return useCallback((cents: number) => formatMoney(cents, currency), [currency]);
}

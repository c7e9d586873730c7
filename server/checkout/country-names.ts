import { COUNTRY_CODES } from "#common/checkout/checkout-schema.ts";

// Server only: the checkout form's module (checkout-schema.ts) is in the page's browser bundle,
// and a browser's first Intl object costs 50–150 ms of main thread loading locale data
// (decision 7). The loader sends the names.

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** The country's English name ("US" → "United States"); the code itself if Intl does not know it. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The countries the form offers, the United States first and the rest by name: all of them, or
 * only `allowed` (the store's shipping countries) when the store set a list.
 */
export function countryOptions(allowed: readonly string[] | null): { code: string; name: string }[] {
  const codes = allowed ? COUNTRY_CODES.filter((code) => allowed.includes(code)) : COUNTRY_CODES;
  return codes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => (a.code === "US" ? -1 : b.code === "US" ? 1 : a.name.localeCompare(b.name, "en")));
}

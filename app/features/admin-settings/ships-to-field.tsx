import { useMemo, useState } from "react";
import { isCountryCode } from "#common/settings/country-codes.ts";
import { SETTINGS_LIMITS } from "#common/settings/settings-schema.ts";
import { FormField } from "#app/components/ui/form-field.tsx";

/** English names for the codes typed so far, so the owner sees "Canada" rather than trusting "CA". */
function countryNames(text: string): string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const codes = [...new Set(text.split(/[\s,;]+/).map((code) => code.trim().toUpperCase()))].filter(isCountryCode);
  return codes.map((code) => `${names.of(code) ?? code} (${code})`);
}

/**
 * "Ships to": the countries the store ships to, as ISO codes separated by commas. Below it, the
 * names of the recognised codes, or "everywhere" when empty; the schema reports unknown codes.
 */
export function ShipsToField({ initial, error }: { initial: string[]; error?: string | undefined }) {
  const [text, setText] = useState(initial.join(", "));
  const names = useMemo(() => countryNames(text), [text]);
  return (
    <div className="grid gap-2">
      <FormField
        label="Ships to"
        name="shippingCountries"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={SETTINGS_LIMITS.shippingCountries}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="2-letter country codes (ISO 3166-1) separated by commas, e.g. US, CA, GB. Leave empty to ship everywhere."
        error={error}
      />
      <p className="text-sm text-gray-700" data-testid="ships-to-summary">
        {text.trim() === ""
          ? "Ships everywhere."
          : `Ships to: ${names.length > 0 ? names.join(", ") : "no known country yet"}.`}
      </p>
    </div>
  );
}

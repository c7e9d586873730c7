import { Plus, Save } from "lucide-react";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { TaxSettings } from "#server/tax/tax-settings.ts";
import { ADMIN_DOWNLOADS } from "#common/pages/site-paths.ts";
import { taxRateText } from "#common/tax/sales-tax.ts";
import { MAX_TAX_RATES, taxRateFieldName, taxSettingsSchema } from "#common/tax/tax-settings-schema.ts";
import { US_STATES } from "#common/us-states.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { SettingsSection } from "./settings-section.tsx";
import { DeleteRowButton } from "#app/components/ui/delete-row-button.tsx";

interface RateRow {
  key: string;
  place: string;
  rate: string;
  shippingTaxed: boolean;
  collecting: boolean;
}

/** A rate's two switches, in the row's order. */
const RATE_SWITCHES = [
  ["shippingTaxed", "Shipping taxed"],
  ["collecting", "Collecting"],
] as const;

/**
 * Store Settings → Tax (issue 32, decision 29): how sales tax is computed, the home state, and a
 * rate per US state (or per country abroad) with whether shipping is taxed and whether it is
 * collected ("collect only where registered"). A form of its own beside the settings form, posted
 * to its own address and checked with the same schema the server checks.
 */
export function TaxSettingsForm({
  settings,
  countries,
  stripeTaxAvailable,
}: {
  settings: TaxSettings;
  countries: { code: string; name: string }[];
  /** The store has a Stripe secret key: Stripe Tax (decision 40) may be chosen. */
  stripeTaxAvailable: boolean;
}) {
  const [open, setOpen] = useState(true);
  const [rows, setRows] = useState<RateRow[]>(() =>
    settings.rates.map((rate) => ({
      key: rate.jurisdiction,
      place: rate.jurisdiction,
      rate: taxRateText(rate.rateThousandths),
      shippingTaxed: rate.shippingTaxed,
      collecting: rate.collecting,
    })),
  );
  const listRef = useRef<HTMLOListElement>(null);
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const { fieldErrors, formProps } = useRouteForm({
    schema: taxSettingsSchema,
    failureTitle: "Error saving the tax settings",
    fetcher,
    post: (_form, data) => void fetcher.submit(data, { method: "post", action: ADMIN_DOWNLOADS.taxSettings }),
  });
  const full = rows.length >= MAX_TAX_RATES;

  const add = () => {
    const row: RateRow = { key: `new-${Date.now()}`, place: "", rate: "", shippingTaxed: false, collecting: true };
    flushSync(() => setRows((current) => [...current, row]));
    listRef.current?.querySelector<HTMLSelectElement>(`li:last-child select`)?.focus();
  };

  return (
    <SettingsSection id="settings-tax" title="Tax" open={open} onOpenChange={setOpen}>
      <form {...formProps} aria-label="Tax settings" aria-busy={saving} className="grid gap-5">
        <FormField
          select
          label="Sales tax"
          name="taxMode"
          defaultValue={settings.mode}
          hint={
            stripeTaxAvailable
              ? "With rates you set, the checkout charges the rate of the state (or country) an order ships to. With Stripe Tax, Stripe computes it (register the states where you collect in Stripe's dashboard); the rates below are then not used."
              : "With rates you set, the checkout charges the rate of the state (or country) an order ships to. Stripe Tax is offered once a Stripe secret key is saved under Payments."
          }
          error={fieldErrors.taxMode}
        >
          <option value="none">No sales tax collected</option>
          <option value="owner-rates">Rates I set</option>
          {stripeTaxAvailable || settings.mode === "stripe-tax" ? <option value="stripe-tax">Stripe Tax</option> : null}
        </FormField>
        <FormField
          select
          label="Home state"
          name="homeState"
          defaultValue={settings.homeState ?? ""}
          hint="Where the business is registered: a publisher collects there from the first sale."
          error={fieldErrors.homeState}
        >
          <option value="">Not set</option>
          {Object.entries(US_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </FormField>
        <div className="grid gap-4">
          <h3 className="font-semibold text-brand-800">Rates</h3>
          {settings.mode === "stripe-tax" ? (
            <p className="text-gray-700">Stripe Tax computes the tax now: the rates below are kept but not used.</p>
          ) : rows.length === 0 ? (
            <p className="text-gray-700">No rates yet: no sales tax is collected on any order.</p>
          ) : null}
          <ol ref={listRef} className="grid gap-4">
            {rows.map((row, index) => {
              const label = `Tax rate ${index + 1}`;
              return (
                <li key={row.key}>
                  <fieldset className="rounded-lg p-4 ring-1 ring-brand-100">
                    <legend className="px-1 text-sm font-semibold text-brand-800">{label}</legend>
                    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem] md:grid-cols-[minmax(0,1fr)_7rem_auto_auto_auto] md:items-start">
                      <FormField
                        select
                        label="State or country"
                        name={taxRateFieldName(index, "place")}
                        defaultValue={row.place}
                        className="[&_select]:w-full"
                        error={fieldErrors[taxRateFieldName(index, "place")]}
                      >
                        <option value="">Choose…</option>
                        <optgroup label="US states">
                          {Object.entries(US_STATES).map(([code, name]) => (
                            <option key={code} value={`US-${code}`}>
                              {name}
                            </option>
                          ))}
                        </optgroup>
                        <optgroup label="Other countries">
                          {countries.map((country) => (
                            <option key={country.code} value={country.code}>
                              {country.name}
                            </option>
                          ))}
                        </optgroup>
                      </FormField>
                      <FormField
                        label="Rate (%)"
                        name={taxRateFieldName(index, "rate")}
                        inputMode="decimal"
                        defaultValue={row.rate}
                        maxLength={12}
                        className="[&_input]:w-full"
                        error={fieldErrors[taxRateFieldName(index, "rate")]}
                      />
                      {RATE_SWITCHES.map(([key, switchLabel]) => (
                        <div key={key} className="md:pt-[2.375rem]">
                          <Switch label={switchLabel} name={taxRateFieldName(index, key)} defaultChecked={row[key]} />
                        </div>
                      ))}
                      <div className="md:pt-[2.125rem]">
                        <DeleteRowButton
                          label={label}
                          onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                        />
                      </div>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {fieldErrors.rates ? <p className="text-sm font-medium text-red-700">{fieldErrors.rates}</p> : null}
          <p className="text-sm text-gray-700">
            &quot;Collecting&quot; off keeps a rate on file without charging it: collect only where the business is
            registered.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={add} disabled={full} className={buttonStyles.secondary}>
              <Plus aria-hidden="true" className="size-5" />
              Add Tax Rate
            </button>
            <button type="submit" disabled={saving} className={buttonStyles.primary}>
              <Save aria-hidden="true" className="size-5" />
              {saving ? "Saving..." : "Save Tax Settings"}
            </button>
          </div>
        </div>
      </form>
    </SettingsSection>
  );
}

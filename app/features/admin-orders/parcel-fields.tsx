import { CARRIER_LABELS, CARRIERS, type Carrier } from "#common/orders/carriers.ts";
import type { ReactNode } from "react";
import { FormField } from "#app/components/ui/form-field.tsx";

/** Most parcels leave with the Postal Service: the carrier a new row starts with. */
const DEFAULT_CARRIER: Carrier = "usps";

/** The names of a parcel row's two fields: `carrier`, or `parcels.0.carrier` under a prefix. */
export function parcelFieldNames(prefix = "") {
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field);
  return { carrier: name("carrier"), trackingNumber: name("trackingNumber") };
}

/**
 * A parcel's carrier and tracking number, as every tracking form of Order Management asks for
 * them (the ship dialogs, adding and correcting a number). Names as the shared schemas read them.
 */
export function ParcelFields({
  prefix = "",
  fieldErrors,
  carrier = DEFAULT_CARRIER,
  trackingNumber = "",
  numberHint,
}: {
  prefix?: string;
  fieldErrors: Record<string, string>;
  carrier?: Carrier;
  trackingNumber?: string;
  numberHint?: string;
}) {
  const names = parcelFieldNames(prefix);
  return (
    <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
      <FormField select label="Carrier" name={names.carrier} defaultValue={carrier} error={fieldErrors[names.carrier]}>
        {CARRIERS.map((option) => (
          <option key={option} value={option}>
            {CARRIER_LABELS[option]}
          </option>
        ))}
      </FormField>
      <FormField
        label="Tracking number"
        name={names.trackingNumber}
        defaultValue={trackingNumber}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        hint={numberHint}
        error={fieldErrors[names.trackingNumber]}
      />
    </div>
  );
}

/** One parcel of a ship dialog, under its legend (the parcel's or the order's), with the hidden fields that go with it. */
export function ParcelFieldset({
  legend,
  prefix,
  fieldErrors,
  children,
}: {
  legend: string;
  prefix: string;
  fieldErrors: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2 rounded-lg border border-brand-100 p-3">
      <legend className="break-all px-1 text-sm font-semibold text-brand-800">{legend}</legend>
      {children}
      <ParcelFields prefix={prefix} fieldErrors={fieldErrors} />
    </fieldset>
  );
}

import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { centsToMoneyText } from "#common/money/money.ts";
import type { AdminShippingMethod } from "#server/settings/store-settings.ts";
import { SETTINGS_LIMITS } from "#common/settings/settings-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { shippingFieldName } from "./settings-form-data.ts";
import { DeleteRowButton } from "#app/components/ui/delete-row-button.tsx";

interface ShippingRow {
  /** React's key and the id posted back: a stored method's id, or a temporary one for a new row. */
  id: string;
  name: string;
  rate: string;
  perItem: string;
  freeAbove: string;
  enabled: boolean;
}

/** A money amount's box: a decimal keypad on phones, cents as the step. */
const MONEY_INPUT = { type: "number", inputMode: "decimal", min: 0, step: 0.01 } as const;

const toRow = (method: AdminShippingMethod): ShippingRow => ({
  id: method.id,
  name: method.name,
  rate: centsToMoneyText(method.rateCents),
  perItem: method.perItemCents > 0 ? centsToMoneyText(method.perItemCents) : "",
  freeAbove: method.freeAboveCents === null ? "" : centsToMoneyText(method.freeAboveCents),
  enabled: method.enabled,
});

/**
 * The shipping methods list: each row has an enabled toggle, a name, a rate and a delete button.
 * The inputs keep their own values (the form reads them on submit); this list only decides which
 * rows exist and in what order. `onRowsChange` lets the form drop errors whose row numbers moved.
 */
export function ShippingMethodsEditor({
  initial,
  errors,
  onRowsChange,
}: {
  initial: AdminShippingMethod[];
  errors: Record<string, string>;
  onRowsChange: () => void;
}) {
  const [rows, setRows] = useState<ShippingRow[]>(() => initial.map(toRow));
  const listRef = useRef<HTMLOListElement>(null);
  const full = rows.length >= SETTINGS_LIMITS.shippingMethods;

  const add = () => {
    // A timestamp id, as the specification has it; the server gives the row a real id on save.
    const row: ShippingRow = { id: `new-${Date.now()}`, name: "", rate: "", perItem: "", freeAbove: "", enabled: true };
    flushSync(() => setRows((current) => [...current, row]));
    onRowsChange();
    // Straight into the new row's name, so keyboard users need not hunt for it.
    listRef.current?.querySelector<HTMLInputElement>(`li:last-child input[name$=".name"]`)?.focus();
  };

  const remove = (id: string) => {
    setRows((current) => current.filter((row) => row.id !== id));
    onRowsChange();
  };

  return (
    <div className="grid gap-4">
      {rows.length === 0 ? <p className="text-gray-700">No shipping methods yet.</p> : null}
      <ol ref={listRef} className="grid gap-4">
        {rows.map((row, index) => {
          const label = `Shipping method ${index + 1}`;
          // A row's text field: its name in the posted form, its value, its message, the row's width.
          const rowField = (key: "name" | "rate" | "perItem" | "freeAbove") => ({
            name: shippingFieldName(index, key),
            defaultValue: row[key],
            error: errors[shippingFieldName(index, key)],
            className: "[&_input]:w-full",
          });
          return (
            <li key={row.id}>
              <fieldset className="rounded-lg p-4 ring-1 ring-brand-100">
                <legend className="px-1 text-sm font-semibold text-brand-800">{label}</legend>
                <input type="hidden" name={shippingFieldName(index, "id")} value={row.id} />
                {/* On wide screens one line; the top offsets line the switch and button up with the inputs under their labels. */}
                <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem] md:grid-cols-[9rem_minmax(0,1fr)_8rem_auto] md:items-start">
                  <div className="sm:col-span-2 md:col-span-1 md:pt-[2.375rem]">
                    <Switch label="Enabled" name={shippingFieldName(index, "enabled")} defaultChecked={row.enabled} />
                  </div>
                  <FormField label="Name" maxLength={SETTINGS_LIMITS.shippingMethodName} {...rowField("name")} />
                  <FormField label="Rate" {...MONEY_INPUT} {...rowField("rate")} />
                  <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 md:col-span-3 md:col-start-2">
                    <FormField
                      label="Each further item"
                      hint="Added for every item after the first. Empty: one rate for any order."
                      {...MONEY_INPUT}
                      {...rowField("perItem")}
                    />
                    <FormField
                      label="Free from an order of"
                      hint="Orders whose subtotal reaches this ship free. Empty: never free."
                      {...MONEY_INPUT}
                      {...rowField("freeAbove")}
                    />
                  </div>
                  <div className="sm:col-span-2 md:col-span-1 md:col-start-4 md:row-start-1 md:pt-[2.125rem]">
                    <DeleteRowButton label={label} onClick={() => remove(row.id)} />
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.shippingMethods ? <p className="text-sm font-medium text-red-700">{errors.shippingMethods}</p> : null}
      <div>
        <button type="button" onClick={add} disabled={full} className={buttonStyles.secondary}>
          <Plus aria-hidden="true" className="size-5" />
          Add Shipping Method
        </button>
        {full ? (
          <p className="mt-2 text-sm text-gray-700">
            A store can have at most {SETTINGS_LIMITS.shippingMethods} shipping methods.
          </p>
        ) : null}
      </div>
    </div>
  );
}

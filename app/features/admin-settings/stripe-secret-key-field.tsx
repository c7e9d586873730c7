import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import type { AdminStoreSettings } from "#server/settings/store-settings.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { CLEAR_SECRET_FIELD } from "./settings-form-data.ts";

/** What the screen says about the stored key; the key itself never reaches the browser. */
export function secretKeyStatusText(status: AdminStoreSettings["stripeSecretKey"]): string {
  if (!status.isSet) return "No key set.";
  return status.last4 ? `A secret key is set (ending in ${status.last4}).` : "A secret key is set.";
}

/**
 * The write-only Stripe secret key: the stored key is described (set or not, last four
 * characters), never shown. Typing a key replaces it, the checkbox removes it, and leaving both
 * alone keeps it. A password field, so the new key is not displayed while it is typed.
 */
export function StripeSecretKeyField({
  status,
  error,
}: {
  status: AdminStoreSettings["stripeSecretKey"];
  error?: string | undefined;
}) {
  const [clear, setClear] = useState(false);
  const clearId = useId();
  return (
    <div className="grid gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="stripe-secret-status">
        <KeyRound aria-hidden="true" className="size-4 flex-none text-brand-700" />
        {secretKeyStatusText(status)}
      </p>
      <FormField
        label={status.isSet ? "New secret key" : "Secret key"}
        name="stripeSecretKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        disabled={clear}
        error={error}
        hint={
          status.isSet
            ? "Leave empty to keep the current key. Keys are stored encrypted and never shown again."
            : "Stored encrypted; it is never shown again after saving."
        }
      />
      {status.isSet ? (
        <div className="flex items-center gap-2">
          <input
            id={clearId}
            type="checkbox"
            name={CLEAR_SECRET_FIELD}
            value="on"
            checked={clear}
            onChange={(event) => setClear(event.currentTarget.checked)}
            className="size-4 accent-brand-700"
          />
          <label htmlFor={clearId} className="text-sm font-medium">
            Remove the saved secret key when saving
          </label>
        </div>
      ) : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { SETTINGS_LIMITS } from "#common/settings/settings-schema.ts";
import type { AdminStoreSettings } from "#server/settings/store-settings.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Switch } from "#app/components/ui/switch.tsx";

/**
 * One payment method of Store Settings: its on/off switch, and its fields beside it. The fields
 * are hidden rather than removed while it is off (the keys are kept, not wiped, by turning it
 * off), and shown while off as well when `showFields` says so (they hold an error).
 */
export function PaymentMethodToggle({
  label,
  description,
  name,
  checked,
  onCheckedChange,
  showFields,
  divided = true,
  children,
}: {
  label: string;
  description: string;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  showFields: boolean;
  /** A line above it, as between the methods (not above the first). */
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={divided ? "grid gap-4 border-t border-brand-100 pt-5" : "grid gap-4"}>
      <Switch label={label} description={description} name={name} checked={checked} onCheckedChange={onCheckedChange} />
      <div hidden={!showFields} className="grid gap-4 border-l-4 border-brand-100 pl-4">
        {children}
      </div>
    </div>
  );
}

/** The settings a provider's key or ID is typed into (the secrets have StripeSecretKeyField). */
type ProviderKeyName = "stripePublishableKey" | "paypalClientId" | "paypalWebhookId" | "paypalMerchantId";

/** A provider's key or ID, typed as the provider shows it: no autocomplete, no spell check. */
export function ProviderKeyField({
  label,
  name,
  settings,
  error,
  hint,
}: {
  label: string;
  name: ProviderKeyName;
  settings: AdminStoreSettings;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <FormField
      label={label}
      name={name}
      defaultValue={settings[name] ?? ""}
      maxLength={SETTINGS_LIMITS[name]}
      autoComplete="off"
      spellCheck={false}
      hint={hint}
      error={error}
    />
  );
}

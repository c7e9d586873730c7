import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import type { SecretStatus } from "#server/settings/store-settings.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { CLEAR_PAYPAL_SECRET_FIELD, CLEAR_SECRET_FIELD, CLEAR_WEBHOOK_SECRET_FIELD } from "./settings-form-data.ts";

/** The write-only secrets (Stripe's two, PayPal's client secret), and the words the screen uses for each. */
const SECRETS = {
  secretKey: {
    name: "stripeSecretKey",
    clearName: CLEAR_SECRET_FIELD,
    noun: "secret key",
    label: "Secret key",
    newLabel: "New secret key",
    testId: "stripe-secret-status",
    clearLabel: "Remove the saved secret key when saving",
    keepHint: "Leave empty to keep the current key. Keys are stored encrypted and never shown again.",
  },
  webhookSecret: {
    name: "stripeWebhookSecret",
    clearName: CLEAR_WEBHOOK_SECRET_FIELD,
    noun: "webhook signing secret",
    label: "Webhook signing secret",
    newLabel: "New webhook signing secret",
    testId: "stripe-webhook-secret-status",
    clearLabel: "Remove the saved webhook signing secret when saving",
    keepHint: "Leave empty to keep the current secret. It is stored encrypted and never shown again.",
  },
  paypalClientSecret: {
    name: "paypalClientSecret",
    clearName: CLEAR_PAYPAL_SECRET_FIELD,
    noun: "client secret",
    label: "Client secret",
    newLabel: "New client secret",
    testId: "paypal-secret-status",
    clearLabel: "Remove the saved client secret when saving",
    keepHint: "Leave empty to keep the current secret. It is stored encrypted and never shown again.",
  },
} as const;

/** What the screen says about a stored secret; the secret itself never reaches the browser. */
export function secretKeyStatusText(status: SecretStatus, noun: string = SECRETS.secretKey.noun): string {
  if (!status.isSet) return noun === SECRETS.secretKey.noun ? "No key set." : `No ${noun} set.`;
  const article = /^[aeiou]/.test(noun) ? "An" : "A";
  return status.last4 ? `${article} ${noun} is set (ending in ${status.last4}).` : `${article} ${noun} is set.`;
}

/**
 * A write-only secret (Stripe's secret key; with `kind="webhookSecret"` its webhook signing
 * secret, with `kind="paypalClientSecret"` PayPal's client secret): the stored value is described (set or not, last four characters), never shown.
 * Typing a value replaces it, the checkbox removes it, and leaving both alone keeps it. A
 * password field, so the new value is not displayed while it is typed.
 */
export function StripeSecretKeyField({
  status,
  error,
  kind = "secretKey",
}: {
  status: SecretStatus;
  error?: string | undefined;
  kind?: keyof typeof SECRETS;
}) {
  const secret = SECRETS[kind];
  const [clear, setClear] = useState(false);
  const clearId = useId();
  return (
    <div className="grid gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
      <p className="flex items-center gap-2 text-sm font-medium" data-testid={secret.testId}>
        <KeyRound aria-hidden="true" className="size-4 flex-none text-brand-700" />
        {secretKeyStatusText(status, secret.noun)}
      </p>
      <FormField
        label={status.isSet ? secret.newLabel : secret.label}
        name={secret.name}
        type="password"
        autoComplete="off"
        spellCheck={false}
        disabled={clear}
        error={error}
        hint={status.isSet ? secret.keepHint : "Stored encrypted; it is never shown again after saving."}
      />
      {status.isSet ? (
        <div className="flex items-center gap-2">
          <input
            id={clearId}
            type="checkbox"
            name={secret.clearName}
            value="on"
            checked={clear}
            onChange={(event) => setClear(event.currentTarget.checked)}
            className="size-4 accent-brand-700"
          />
          <label htmlFor={clearId} className="text-sm font-medium">
            {secret.clearLabel}
          </label>
        </div>
      ) : null}
    </div>
  );
}

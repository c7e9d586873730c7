import { Save } from "lucide-react";
import { useCallback, useState } from "react";
import { Form, useFormAction, useNavigation } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { LOW_STOCK_THRESHOLD_MAX, SETTINGS_LIMITS, storeSettingsFormSchema } from "#common/settings/settings-schema.ts";
import type { AdminStoreSettings } from "#server/settings/store-settings.ts";
import type { CurrencyChoice } from "#server/settings/currency-choices.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { settingsInputFromFormData } from "./settings-form-data.ts";
import { SettingsSection } from "./settings-section.tsx";
import { ShippingMethodsEditor } from "./shipping-methods-editor.tsx";
import { PaymentMethodToggle, ProviderKeyField } from "./payment-method-fields.tsx";
import { ShipsToField } from "./ships-to-field.tsx";
import { SocialLinksFields } from "./social-links-fields.tsx";
import { StripeSecretKeyField } from "./stripe-secret-key-field.tsx";

/** The toasts the Store Settings action sets (shown by the root); the failure title heads the form's own check too. */
export const SAVE_SETTINGS_TOASTS = {
  success: { title: "Settings Saved!", description: "Your store settings have been updated." },
  failureTitle: "Error saving settings",
};

type SectionId = "general" | "maintenance" | "payments" | "shipping" | "social";
const ALL_OPEN: Record<SectionId, boolean> = {
  general: true,
  maintenance: true,
  payments: true,
  shipping: true,
  social: true,
};

/** Each payment method's switch: what it says, and the fields it shows. */
const PAYMENT_SWITCHES = {
  enableStripe: {
    label: "Stripe (credit cards)",
    description: "Accept card payments through Stripe.",
    fields: /^stripe/,
  },
  enablePaypal: { label: "PayPal", description: "Accept payments through PayPal.", fields: /^paypal/ },
  enableInvoice: {
    label: "Pay by invoice",
    description: "Churches, schools and co-ops order now and pay later by invoice or purchase order.",
    fields: /^invoice/,
  },
};
type PaymentSwitch = keyof typeof PAYMENT_SWITCHES;

/** Which section holds the field an error is keyed by, so a closed section opens to show it. */
function sectionOf(field: string): SectionId {
  if (field.startsWith("shippingMethods")) return "shipping";
  if (field === "shippingCountries") return "shipping";
  if (field.startsWith("socialLinks")) return "social";
  if (/^(enableStripe|stripe|enablePaypal|paypal|enableInvoice|invoice)/.test(field)) return "payments";
  if (field === "enableMaintenanceMode") return "maintenance";
  return "general";
}

/**
 * The Store Settings form. The route remounts it (by key) after each successful save, so the
 * fields start again from the reloaded settings and a typed secret key does not linger. Checked
 * with the server's schema before posting (the form kit); errors from either side show under their
 * fields, and a section holding one opens.
 */
export function StoreSettingsForm({
  settings,
  result,
  webhookUrl,
  cardPaymentsReady,
  payPal,
  currencies,
}: {
  settings: AdminStoreSettings;
  result: ActionResult<{ savedAt: number }> | undefined;
  /** Where Stripe must send its events (PUBLIC_URL + /webhooks/stripe), shown for the owner to copy. */
  webhookUrl: string;
  /** Whether checkout offers cards with the settings as saved (toggle on, both secrets readable). */
  cardPaymentsReady: boolean;
  /**
   * PayPal as saved: where its webhook must send events (PUBLIC_URL + /webhooks/paypal), and what
   * checkout still needs before it offers PayPal (empty: offered).
   */
  payPal: { webhookUrl: string; missing: string[] };
  /** The currencies a store can sell in (common/money/currency-codes.ts), named by the server. */
  currencies: readonly CurrencyChoice[];
}) {
  const navigation = useNavigation();
  const formAction = useFormAction();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined && navigation.formAction === formAction;
  const [open, setOpen] = useState(ALL_OPEN);
  const [enabled, setEnabled] = useState<Record<PaymentSwitch, boolean>>({
    enableStripe: settings.enableStripe,
    enablePaypal: settings.enablePaypal,
    enableInvoice: settings.enableInvoice,
  });

  // A refused field opens its section, before the errors render and the field takes the focus.
  const openSections = useCallback((fieldErrors: Record<string, string>) => {
    setOpen((current) => {
      const next = { ...current };
      for (const field of Object.keys(fieldErrors)) next[sectionOf(field)] = true;
      return next;
    });
  }, []);
  const {
    fieldErrors: errors,
    field,
    clear,
    formProps,
  } = useCheckedForm({
    schema: storeSettingsFormSchema,
    values: settingsInputFromFormData,
    defaultValues: {
      storeName: settings.storeName,
      contactEmail: settings.contactEmail,
      postalAddress: settings.postalAddress ?? "",
      currency: settings.currency,
      lowStockThreshold: String(settings.lowStockThreshold),
      paypalEnvironment: settings.paypalEnvironment,
      invoiceTerms: settings.invoiceTerms ?? "",
    },
    maxLengths: SETTINGS_LIMITS,
    failureTitle: SAVE_SETTINGS_TOASTS.failureTitle,
    onRefused: openSections,
    result,
  });

  const paymentSwitch = (name: PaymentSwitch) => ({
    label: PAYMENT_SWITCHES[name].label,
    description: PAYMENT_SWITCHES[name].description,
    name,
    checked: enabled[name],
    onCheckedChange: (value: boolean) => setEnabled((current) => ({ ...current, [name]: value })),
    // Shown while off as well when they hold an error, or the message would point at nothing.
    showFields: enabled[name] || Object.keys(errors).some((field) => PAYMENT_SWITCHES[name].fields.test(field)),
  });
  const section = (id: SectionId) => ({
    id: `settings-${id}`,
    open: open[id],
    onOpenChange: (value: boolean) => setOpen((current) => ({ ...current, [id]: value })),
  });

  return (
    <Form {...formProps} method="post" preventScrollReset aria-busy={busy} className="mt-8 grid gap-6">
      <SettingsSection title="General Settings" {...section("general")}>
        <FormField label="Store name" autoComplete="organization" {...field("storeName")} />
        <FormField label="Contact email" type="email" autoComplete="email" {...field("contactEmail")} />
        <FormField
          label="Postal address"
          multiline
          rows={4}
          autoComplete="street-address"
          hint="Printed as the seller's address on invoices and packing slips; left off them while empty."
          {...field("postalAddress")}
        />
        <FormField
          select
          label="Currency"
          hint="Prices, orders and e-mails are shown in it; orders keep the currency they were placed in."
          className="max-w-md"
          {...field("currency")}
        >
          {/* A code saved before the list existed stays shown (and refused on save) rather than silently replaced. */}
          {currencies.some((currency) => currency.code === settings.currency) ? null : (
            <option value={settings.currency}>{settings.currency} (not a currency code: please choose one)</option>
          )}
          {currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} — {currency.name}
            </option>
          ))}
        </FormField>
        <FormField
          label="Low-stock threshold"
          type="number"
          inputMode="numeric"
          min={0}
          max={LOW_STOCK_THRESHOLD_MAX}
          step={1}
          hint="The dashboard lists books with this many copies or fewer in stock."
          className="max-w-48"
          {...field("lowStockThreshold")}
        />
      </SettingsSection>

      <input type="hidden" name="loadedUpdatedAt" value={settings.updatedAt ?? ""} readOnly />
      <SettingsSection title="Maintenance Mode" {...section("maintenance")}>
        <Switch
          label="Enable maintenance mode"
          description="Visitors see the Coming Soon page; signed-in admins still see the whole site."
          name="enableMaintenanceMode"
          defaultChecked={settings.enableMaintenanceMode}
        />
      </SettingsSection>

      <SettingsSection title="Payment Gateways" {...section("payments")}>
        <PaymentMethodToggle {...paymentSwitch("enableStripe")} divided={false}>
          <ProviderKeyField
            label="Publishable key"
            name="stripePublishableKey"
            settings={settings}
            error={errors.stripePublishableKey}
          />
          <StripeSecretKeyField
            status={settings.stripeSecretKey}
            error={errors.stripeSecretKey ?? errors.stripeSecretKeyAction}
          />
          <StripeSecretKeyField
            kind="webhookSecret"
            status={settings.stripeWebhookSecret}
            error={errors.stripeWebhookSecret ?? errors.stripeWebhookSecretAction}
          />
          <div className="grid gap-1 text-sm text-gray-700" data-testid="stripe-card-hint">
            <p
              data-testid="card-payments-status"
              className={`font-semibold ${cardPaymentsReady ? "text-green-800" : "text-amber-800"}`}
            >
              {cardPaymentsReady
                ? "As saved, card payments are offered at checkout."
                : "As saved, card payments are not offered at checkout yet."}
            </p>
            <p>
              Card payments are offered at checkout only once both the secret key and the webhook signing secret are
              set.
            </p>
            <p>
              In Stripe, send webhook events to <code className="break-all font-semibold text-ink">{webhookUrl}</code>{" "}
              and paste that endpoint&apos;s signing secret (it starts with whsec_) here.
            </p>
          </div>
        </PaymentMethodToggle>
        <PaymentMethodToggle {...paymentSwitch("enablePaypal")}>
          <FormField
            label="Environment"
            select
            hint="Sandbox takes test money from PayPal's test accounts; live takes real payments."
            className="max-w-64"
            {...field("paypalEnvironment")}
          >
            <option value="sandbox">Sandbox (testing)</option>
            <option value="live">Live</option>
          </FormField>
          <ProviderKeyField label="Client ID" name="paypalClientId" settings={settings} error={errors.paypalClientId} />
          <StripeSecretKeyField
            kind="paypalClientSecret"
            status={settings.paypalClientSecret}
            error={errors.paypalClientSecret ?? errors.paypalClientSecretAction}
          />
          <ProviderKeyField
            label="Webhook ID"
            name="paypalWebhookId"
            settings={settings}
            error={errors.paypalWebhookId}
          />
          <ProviderKeyField
            label="Merchant ID"
            name="paypalMerchantId"
            settings={settings}
            hint="Your PayPal account's merchant ID (Account settings, Business information): a payment to any other account is held for review."
            error={errors.paypalMerchantId}
          />
          <div className="grid gap-1 text-sm text-gray-700" data-testid="paypal-hint">
            <p
              data-testid="paypal-payments-status"
              className={`font-semibold ${payPal.missing.length === 0 ? "text-green-800" : "text-amber-800"}`}
            >
              {payPal.missing.length === 0
                ? "As saved, PayPal is offered at checkout."
                : `As saved, PayPal is not offered at checkout yet. Still needed: ${payPal.missing.join(", ")}.`}
            </p>
            <p>
              In PayPal&apos;s developer dashboard, add a webhook to your app that sends events to{" "}
              <code className="break-all font-semibold text-ink">{payPal.webhookUrl}</code>, with the events Checkout
              order approved, Payment capture completed, pending, denied, refunded and reversed, and Checkout payment
              approval reversed; then paste its webhook ID here.
            </p>
          </div>
        </PaymentMethodToggle>
        <PaymentMethodToggle {...paymentSwitch("enableInvoice")}>
          <FormField
            label="Payment terms"
            autoComplete="off"
            hint="Printed on every invoice, e.g. Net 30. Required while invoices are on."
            {...field("invoiceTerms")}
          />
        </PaymentMethodToggle>
      </SettingsSection>

      <SettingsSection title="Shipping" {...section("shipping")}>
        <ShipsToField initial={settings.shippingCountries} error={errors.shippingCountries} />
        <ShippingMethodsEditor
          initial={settings.shippingMethods}
          errors={errors}
          onRowsChange={() => clear((field) => field.startsWith("shippingMethods"))}
        />
      </SettingsSection>

      <SettingsSection title="Social Media" {...section("social")}>
        <SocialLinksFields links={settings.socialLinks} errors={errors} />
      </SettingsSection>

      <SubmitButton busy={busy} label="Save All Changes" busyLabel="Saving..." icon={Save} />
    </Form>
  );
}

import { requireAdmin } from "#server/http/guards.ts";
import { loadCardPaymentConfig } from "#server/payments/stripe/stripe-keys.ts";
import { payPalMissingSettings } from "#server/payments/paypal/paypal-config.ts";
import { PAYPAL_WEBHOOK_PATH } from "#server/http/paypal-webhook.ts";
import { adminAction } from "#server/http/admin-action.ts";
import { getStoreSettingsForAdmin, saveStoreSettings } from "#server/settings/store-settings.ts";
import { currencyChoices } from "#server/settings/currency-choices.ts";
import { getFreeStory } from "#server/free-story/get-free-story.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { settingsInputFromFormData } from "#app/features/admin-settings/settings-form-data.ts";
import { SAVE_SETTINGS_TOASTS, StoreSettingsForm } from "#app/features/admin-settings/store-settings-form.tsx";
import { FreeStoryUpload } from "#app/features/admin-settings/free-story-upload.tsx";
import { TaxSettingsForm } from "#app/features/admin-settings/tax-settings-form.tsx";
import { loadTaxSettings, stripeTaxAvailable } from "#server/tax/tax-settings.ts";
import { countryOptions } from "#server/checkout/country-names.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/settings";

/** The endpoint Stripe's webhook must call (server/payments, issue 11). */
const stripeWebhookUrl = (publicUrl: string) => `${publicUrl}/webhooks/stripe`;

export const meta = () => noindexMeta(ADMIN_PAGES.settings.title);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, env } = context.services;
  // A failed read is the admin layout's error boundary's to show ("Error fetching settings"):
  // no form of defaults that a save would write over the stored settings. No row is no failure
  // (the defaults are used).
  // Masked already: the secret key arrives as { isSet, last4 }, never as the key.
  const settings = await getStoreSettingsForAdmin(context.services);
  // The checkout's own test, so the screen never says cards are offered when checkout would not offer them.
  const cardPaymentsReady = (await loadCardPaymentConfig({ db, env })) !== null;
  const payPal = {
    webhookUrl: `${env.PUBLIC_URL}${PAYPAL_WEBHOOK_PATH}`,
    missing: await payPalMissingSettings({ db, env }),
  };
  const freeStory = await getFreeStory(context.services);
  const tax = await loadTaxSettings(context.services);
  return {
    tax,
    stripeTaxAvailable: await stripeTaxAvailable({ db, env }),
    taxCountries: countryOptions(null).filter((country) => country.code !== "US"),
    settings,
    webhookUrl: stripeWebhookUrl(env.PUBLIC_URL),
    cardPaymentsReady,
    payPal,
    currencies: currencyChoices(),
    freeStory,
  };
}

export function action(args: Route.ActionArgs) {
  // A body that is not form data is answered by readForm (400/413), never taken for an empty form.
  return adminAction(
    args,
    async ({ services, form }) => {
      // The saved settings are not returned: the page reloads them, and the answer to a post that
      // carried a secret key holds nothing of it.
      await saveStoreSettings(services, { form: settingsInputFromFormData(form) });
      return { savedAt: Date.now() };
    },
    SAVE_SETTINGS_TOASTS,
  );
}

export default function StoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const {
    settings,
    webhookUrl,
    cardPaymentsReady,
    payPal,
    currencies,
    freeStory,
    tax,
    taxCountries,
    stripeTaxAvailable,
  } = loaderData;

  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader
        title={ADMIN_PAGES.settings.title}
        intro="Your store's details, payments, shipping, social links, maintenance mode, sales tax and free story."
      />
      {/* A new key after each save: the form starts again from the settings as now stored. */}
      <StoreSettingsForm
        key={settings.updatedAt ?? "defaults"}
        settings={settings}
        result={actionData}
        webhookUrl={webhookUrl}
        cardPaymentsReady={cardPaymentsReady}
        payPal={payPal}
        currencies={currencies}
      />
      {/* Its own form after the settings' (a form cannot hold another): the file goes to its own address. */}
      <div className="mt-6">
        <TaxSettingsForm
          key={JSON.stringify(tax)}
          settings={tax}
          countries={taxCountries}
          stripeTaxAvailable={stripeTaxAvailable}
        />
      </div>
      <div className="mt-6">
        <FreeStoryUpload story={freeStory} />
      </div>
    </div>
  );
}

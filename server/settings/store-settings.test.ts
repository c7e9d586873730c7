import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { Database } from "#server/db/schema.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { DEFAULT_STORE_SETTINGS } from "./default-settings.ts";
import { getPublicStoreSettings } from "./public-settings.ts";
import { SecretBoxError } from "./secret-box.ts";
import {
  decryptPayPalClientSecret,
  decryptStripeSecretKey,
  decryptStripeWebhookSecret,
  getStoreSettingsForAdmin,
  saveStoreSettings,
} from "./store-settings.ts";
import { loadCardPaymentConfig } from "#server/payments/stripe/stripe-keys.ts";
import {
  loadPayPalCheckoutConfig,
  loadPayPalSettlement,
  payPalMissingSettings,
} from "#server/payments/paypal/paypal-config.ts";
import { setMaintenanceMode } from "./set-maintenance-mode.ts";

const APP_SECRET = "test-app-secret-with-more-than-32-characters";
const STRIPE_SECRET = "sk_test_51HxYzSecretValueForTests9876";
const WEBHOOK_SECRET = "whsec_TestSigningSecretForWebhooks5678";
const NOW = new Date("2026-02-01T10:00:00.000Z");
const settingsDeps = (db: Kysely<Database>) => ({ db, clock: () => NOW, env: { APP_SECRET } });

const FORM = {
  storeName: "Quiet Hills Books",
  contactEmail: "owner@quiet-hills.example",
  currency: "eur",
  enableStripe: true,
  stripePublishableKey: "pk_test_123",
  stripeSecretKeyAction: "keep",
  enablePaypal: true,
  paypalClientId: "paypal-client",
  enableMaintenanceMode: false,
  lowStockThreshold: "12",
  shippingMethods: [{ id: "new-1", name: "Courier", rate: "7.25", enabled: true }],
};

/** Saves the valid form above with some fields changed, as the settings page posts it. */
const saveForm = (db: Kysely<Database>, changes: Record<string, unknown>) =>
  saveStoreSettings(settingsDeps(db), { form: { ...FORM, ...changes } });

describe.each(TEST_ENGINES)("store settings on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const storedRow = () => testDb.handle.db.selectFrom("store_settings").selectAll().executeTakeFirstOrThrow();
  const storedMethods = () => testDb.handle.db.selectFrom("shipping_methods").selectAll().orderBy("position").execute();

  it("reads the defaults, with two shipping methods, when no settings row exists", async () => {
    setTestDb(await createTestDatabase(engine));
    expect(await getStoreSettingsForAdmin({ db: testDb.handle.db, env: { APP_SECRET } })).toEqual({
      storeName: DEFAULT_STORE_SETTINGS.storeName,
      contactEmail: DEFAULT_STORE_SETTINGS.contactEmail,
      postalAddress: null,
      currency: "USD",
      enableStripe: true,
      stripePublishableKey: null,
      stripeSecretKey: { isSet: false, last4: null },
      stripeWebhookSecret: { isSet: false, last4: null },
      enablePaypal: false,
      paypalClientId: null,
      paypalClientSecret: { isSet: false, last4: null },
      paypalWebhookId: null,
      paypalMerchantId: null,
      paypalEnvironment: "sandbox",
      enableInvoice: false,
      invoiceTerms: null,
      enableMaintenanceMode: false,
      lowStockThreshold: 5,
      shippingCountries: [],
      shippingMethods: [
        {
          id: "default-0",
          name: "Standard Shipping",
          rateCents: 500,
          perItemCents: 0,
          freeAboveCents: null,
          enabled: true,
        },
        {
          id: "default-1",
          name: "Express Shipping",
          rateCents: 1500,
          perItemCents: 0,
          freeAboveCents: null,
          enabled: true,
        },
      ],
      socialLinks: [],
      updatedAt: null,
    });
  });

  it("reads the seeded row with its methods", async () => {
    setTestDb(await createTestDatabase(engine));
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    const settings = await getStoreSettingsForAdmin({ db: testDb.handle.db });
    expect(settings).toMatchObject({ enableStripe: true, enablePaypal: false, updatedAt: expect.any(String) });
    expect(settings.shippingMethods.map((m) => [m.name, m.rateCents, m.enabled])).toEqual([
      ["Standard Shipping", 500, true],
      ["Express Shipping", 1500, true],
    ]);
  });

  it("creates the row on first save, with the form's values", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const saved = await saveStoreSettings(settingsDeps(db), {
      form: {
        ...FORM,
        shippingMethods: [
          ...FORM.shippingMethods,
          { name: "Off", rate: "0", enabled: false },
          { name: "By the box", rate: "6", perItem: "0.50", freeAbove: "75", enabled: false },
        ],
      },
    });
    expect(saved).toEqual({
      storeName: "Quiet Hills Books",
      contactEmail: "owner@quiet-hills.example",
      postalAddress: null,
      currency: "EUR",
      enableStripe: true,
      stripePublishableKey: "pk_test_123",
      stripeSecretKey: { isSet: false, last4: null },
      stripeWebhookSecret: { isSet: false, last4: null },
      enablePaypal: true,
      paypalClientId: "paypal-client",
      paypalClientSecret: { isSet: false, last4: null },
      paypalWebhookId: null,
      paypalMerchantId: null,
      paypalEnvironment: "sandbox",
      enableInvoice: false,
      invoiceTerms: null,
      enableMaintenanceMode: false,
      lowStockThreshold: 12,
      shippingCountries: [],
      shippingMethods: [
        {
          id: expect.any(String),
          name: "Courier",
          rateCents: 725,
          perItemCents: 0,
          freeAboveCents: null,
          enabled: true,
        },
        { id: expect.any(String), name: "Off", rateCents: 0, perItemCents: 0, freeAboveCents: null, enabled: false },
        {
          id: expect.any(String),
          name: "By the box",
          rateCents: 600,
          perItemCents: 50,
          freeAboveCents: 7500,
          enabled: false,
        },
      ],
      socialLinks: [],
      updatedAt: NOW.toISOString(),
    });
    // An id the store never issued is not taken over.
    expect(saved.shippingMethods[0]!.id).not.toBe("new-1");
    expect(await getStoreSettingsForAdmin({ db, env: { APP_SECRET } })).toEqual(saved);
    // Visitors see the new name and only the enabled method.
    expect(await getPublicStoreSettings({ db })).toMatchObject({
      storeName: "Quiet Hills Books",
      shippingMethods: [{ name: "Courier", rateCents: 725 }],
    });
  });

  it("replaces the shipping method list, keeping the ids of existing methods", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    const [standard, express] = (await getStoreSettingsForAdmin({ db })).shippingMethods;

    const saved = await saveStoreSettings(settingsDeps(db), {
      form: {
        ...FORM,
        shippingMethods: [
          { id: "1751530000000", name: "Pickup", rate: "0", enabled: true },
          { id: express!.id, name: "Express", rate: "12.50", enabled: false },
          // The same id twice: only the first row may keep it.
          { id: express!.id, name: "Express copy", rate: "13", enabled: true },
        ],
      },
    });

    expect(saved.shippingMethods).toEqual([
      { id: expect.any(String), name: "Pickup", rateCents: 0, perItemCents: 0, freeAboveCents: null, enabled: true },
      { id: express!.id, name: "Express", rateCents: 1250, perItemCents: 0, freeAboveCents: null, enabled: false },
      {
        id: expect.any(String),
        name: "Express copy",
        rateCents: 1300,
        perItemCents: 0,
        freeAboveCents: null,
        enabled: true,
      },
    ]);
    const ids = saved.shippingMethods.map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).not.toContain(standard!.id);
    expect((await storedMethods()).map((m) => [m.id, m.position])).toEqual(ids.map((id, position) => [id, position]));

    await saveForm(db, { shippingMethods: [] });
    expect(await storedMethods()).toEqual([]);
  });

  it("stores the Stripe secret key encrypted, keeps, replaces and clears it, never returning it", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const results: unknown[] = [];

    results.push(await saveForm(db, { stripeSecretKeyAction: "replace", stripeSecretKey: STRIPE_SECRET }));
    const row = await storedRow();
    const ciphertext = row.stripe_secret_key_encrypted!;
    expect(ciphertext).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(ciphertext).not.toContain(STRIPE_SECRET);
    expect(decryptStripeSecretKey(row, APP_SECRET)).toBe(STRIPE_SECRET);
    expect(results[0]).toMatchObject({ stripeSecretKey: { isSet: true, last4: "9876" } });

    // Keep: an unrelated save, even with a stray value in the key field, leaves the key alone.
    results.push(await saveForm(db, { storeName: "Renamed", stripeSecretKey: "sk_ignored" }));
    expect((await storedRow()).stripe_secret_key_encrypted).toBe(ciphertext);
    results.push(await saveForm(db, { enableStripe: false }));
    expect((await storedRow()).stripe_secret_key_encrypted).toBe(ciphertext);

    results.push(await getStoreSettingsForAdmin({ db, env: { APP_SECRET } }));
    expect(results.at(-1)).toMatchObject({ stripeSecretKey: { isSet: true, last4: "9876" } });
    results.push(await getStoreSettingsForAdmin({ db }));
    expect(results.at(-1)).toMatchObject({ stripeSecretKey: { isSet: true, last4: null } });
    // A changed APP_SECRET: the key still shows as set, and the payment code gets a clear error.
    results.push(
      await getStoreSettingsForAdmin({ db, env: { APP_SECRET: "a-different-app-secret-of-32-characters!" } }),
    );
    expect(results.at(-1)).toMatchObject({ stripeSecretKey: { isSet: true, last4: null } });
    expect(() => decryptStripeSecretKey(row, "a-different-app-secret-of-32-characters!")).toThrow(SecretBoxError);
    results.push(await getPublicStoreSettings({ db }));

    results.push(await saveForm(db, { stripeSecretKeyAction: "replace", stripeSecretKey: "sk_test_second_key_abcd" }));
    const replaced = (await storedRow()).stripe_secret_key_encrypted!;
    expect(replaced).not.toBe(ciphertext);
    expect(decryptStripeSecretKey({ stripe_secret_key_encrypted: replaced }, APP_SECRET)).toBe(
      "sk_test_second_key_abcd",
    );
    expect(results.at(-1)).toMatchObject({ stripeSecretKey: { isSet: true, last4: "abcd" } });

    results.push(await saveForm(db, { stripeSecretKeyAction: "clear" }));
    expect((await storedRow()).stripe_secret_key_encrypted).toBeNull();
    expect(decryptStripeSecretKey(await storedRow(), APP_SECRET)).toBeNull();
    expect(results.at(-1)).toMatchObject({ stripeSecretKey: { isSet: false, last4: null } });

    const everything = JSON.stringify(results);
    for (const secret of [STRIPE_SECRET, "sk_test_second_key_abcd", ciphertext, replaced, APP_SECRET]) {
      expect(everything).not.toContain(secret);
    }
    for (const part of [...ciphertext.split(":").slice(1), ...replaced.split(":").slice(1)]) {
      expect(everything).not.toContain(part);
    }
  });

  it("stores the webhook signing secret encrypted apart from the key: keep, replace, clear, never returned", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const results: unknown[] = [];

    results.push(await saveForm(db, { stripeWebhookSecretAction: "replace", stripeWebhookSecret: WEBHOOK_SECRET }));
    expect(results[0]).toMatchObject({
      stripeSecretKey: { isSet: false, last4: null },
      stripeWebhookSecret: { isSet: true, last4: "5678" },
    });
    const row = await storedRow();
    const ciphertext = row.stripe_webhook_secret_encrypted!;
    expect(ciphertext).toMatch(/^v1:/);
    expect(ciphertext).not.toContain(WEBHOOK_SECRET);
    expect(decryptStripeWebhookSecret(row, APP_SECRET)).toBe(WEBHOOK_SECRET);
    expect(row.stripe_secret_key_encrypted).toBeNull();
    // Only the webhook secret is set: cards are not offered yet.
    expect(await loadCardPaymentConfig({ db, env: { APP_SECRET } })).toBeNull();

    // Setting the key keeps the webhook secret; now card payments can be taken.
    results.push(await saveForm(db, { stripeSecretKeyAction: "replace", stripeSecretKey: STRIPE_SECRET }));
    expect((await storedRow()).stripe_webhook_secret_encrypted).toBe(ciphertext);
    expect(await loadCardPaymentConfig({ db, env: { APP_SECRET } })).toEqual({
      secretKey: STRIPE_SECRET,
      webhookSecret: WEBHOOK_SECRET,
    });
    results.push(await saveForm(db, { stripeWebhookSecret: "whsec_ignored_because_keep" }));
    expect((await storedRow()).stripe_webhook_secret_encrypted).toBe(ciphertext);
    results.push(await getStoreSettingsForAdmin({ db, env: { APP_SECRET } }));
    expect(results.at(-1)).toMatchObject({
      stripeSecretKey: { isSet: true, last4: "9876" },
      stripeWebhookSecret: { isSet: true, last4: "5678" },
    });
    results.push(
      await getStoreSettingsForAdmin({ db, env: { APP_SECRET: "a-different-app-secret-of-32-characters!" } }),
    );
    expect(results.at(-1)).toMatchObject({ stripeWebhookSecret: { isSet: true, last4: null } });
    results.push(await getPublicStoreSettings({ db }));

    results.push(
      await saveForm(db, { stripeWebhookSecretAction: "replace", stripeWebhookSecret: "whsec_second_secret_wxyz" }),
    );
    const replaced = (await storedRow()).stripe_webhook_secret_encrypted!;
    expect(decryptStripeWebhookSecret({ stripe_webhook_secret_encrypted: replaced }, APP_SECRET)).toBe(
      "whsec_second_secret_wxyz",
    );
    expect(results.at(-1)).toMatchObject({ stripeWebhookSecret: { isSet: true, last4: "wxyz" } });

    // Clearing the webhook secret leaves the key alone, and turns card payments off.
    results.push(await saveForm(db, { stripeWebhookSecretAction: "clear" }));
    expect((await storedRow()).stripe_webhook_secret_encrypted).toBeNull();
    expect(decryptStripeSecretKey(await storedRow(), APP_SECRET)).toBe(STRIPE_SECRET);
    expect(results.at(-1)).toMatchObject({ stripeWebhookSecret: { isSet: false, last4: null } });
    expect(await loadCardPaymentConfig({ db, env: { APP_SECRET } })).toBeNull();

    const everything = JSON.stringify(results);
    for (const secret of [WEBHOOK_SECRET, "whsec_second_secret_wxyz", STRIPE_SECRET, ciphertext, replaced]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("keeps PayPal's client secret write-only and encrypted, and says what checkout still needs for PayPal", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const deps = { db, env: { APP_SECRET } };
    const PAYPAL_SECRET = "EBtest-paypal-client-secret-0000wxyz";
    const paypal = { ...FORM, currency: "usd", paypalEnvironment: "live", paypalWebhookId: "4JH86294D6297924G" };
    const saved = await saveStoreSettings(settingsDeps(db), {
      form: { ...paypal, paypalClientSecretAction: "replace", paypalClientSecret: PAYPAL_SECRET },
    });
    expect(saved).toMatchObject({
      paypalClientSecret: { isSet: true, last4: "wxyz" },
      paypalWebhookId: "4JH86294D6297924G",
      paypalMerchantId: null,
      paypalEnvironment: "live",
    });
    const row = await storedRow();
    expect(row.paypal_client_secret_encrypted).toMatch(/^v1:/);
    expect(row.paypal_client_secret_encrypted).not.toContain(PAYPAL_SECRET);
    expect(decryptPayPalClientSecret(row, APP_SECRET)).toBe(PAYPAL_SECRET);
    // The Stripe secret cannot be read with PayPal's key, nor PayPal's with Stripe's.
    expect(() =>
      decryptStripeSecretKey({ stripe_secret_key_encrypted: row.paypal_client_secret_encrypted }, APP_SECRET),
    ).toThrow(SecretBoxError);
    expect(JSON.stringify(saved)).not.toContain(PAYPAL_SECRET);

    // Everything but the merchant id: not offered, and the screen says what is missing.
    expect(await payPalMissingSettings(deps)).toEqual(["the merchant ID"]);
    expect(await loadPayPalCheckoutConfig(deps)).toBeNull();
    // Orders already placed are still settled (refunds, captures): the credentials are there.
    expect(await loadPayPalSettlement(deps)).toMatchObject({
      credentials: { environment: "live", clientId: "paypal-client", clientSecret: PAYPAL_SECRET },
      merchantId: null,
    });

    await saveStoreSettings(settingsDeps(db), { form: { ...paypal, paypalMerchantId: "LSTESTMERCH01" } });
    expect(await payPalMissingSettings(deps)).toEqual([]);
    expect(await loadPayPalCheckoutConfig(deps)).toMatchObject({
      webhookId: "4JH86294D6297924G",
      merchantId: "LSTESTMERCH01",
      credentials: { clientSecret: PAYPAL_SECRET },
    });
    // A currency PayPal does not take, a secret that can no longer be read, the toggle off.
    await saveStoreSettings(settingsDeps(db), {
      form: { ...paypal, paypalMerchantId: "LSTESTMERCH01", currency: "ZAR" },
    });
    expect(await payPalMissingSettings(deps)).toEqual(["a currency PayPal takes (not ZAR)"]);
    const otherSecret = { db, env: { APP_SECRET: "a-different-app-secret-of-32-characters!" } };
    expect(await payPalMissingSettings(otherSecret)).toContain(
      "the client secret (enter it again: it can no longer be read)",
    );
    await saveStoreSettings(settingsDeps(db), {
      form: { ...paypal, paypalMerchantId: "LSTESTMERCH01", enablePaypal: false },
    });
    expect(await payPalMissingSettings(deps)).toEqual(["switch PayPal on"]);
    expect(await loadPayPalSettlement(deps)).not.toBeNull();

    await saveStoreSettings(settingsDeps(db), { form: { ...paypal, paypalClientSecretAction: "clear" } });
    expect((await storedRow()).paypal_client_secret_encrypted).toBeNull();
    expect(await loadPayPalSettlement(deps)).toBeNull();
  });

  it("refuses an environment PayPal does not have and ids PayPal would never give", async () => {
    setTestDb(await createTestDatabase(engine));
    await expect(
      saveStoreSettings(settingsDeps(testDb.handle.db), {
        form: {
          ...FORM,
          paypalEnvironment: "production",
          paypalWebhookId: "4JH8 <script>",
          paypalClientSecretAction: "replace",
        },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        paypalEnvironment: "Please choose PayPal's sandbox or live environment.",
        paypalWebhookId: "The PayPal webhook ID has only letters and digits, as PayPal shows it.",
      },
    });
  });

  it("saves and reads back pay by invoice with its terms, and the countries the store ships to", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    expect(await getStoreSettingsForAdmin({ db })).toMatchObject({
      enableInvoice: false,
      invoiceTerms: null,
      shippingCountries: [],
    });

    const saved = await saveStoreSettings(settingsDeps(db), {
      form: {
        ...FORM,
        enableInvoice: "on",
        invoiceTerms: " Net 30 ",
        shippingCountries: "us, ca GB,us",
        postalAddress: " 12 Elm Street\r\n\r\nSpringfield, IL 62704 ",
      },
    });
    expect(saved).toMatchObject({
      enableInvoice: true,
      invoiceTerms: "Net 30",
      shippingCountries: ["US", "CA", "GB"],
      postalAddress: "12 Elm Street\nSpringfield, IL 62704",
    });
    expect(await storedRow()).toMatchObject({
      invoice_terms: "Net 30",
      shipping_countries: "US,CA,GB",
      postal_address: "12 Elm Street\nSpringfield, IL 62704",
    });
    expect(Boolean((await storedRow()).enable_invoice)).toBe(true);
    expect(await getStoreSettingsForAdmin({ db })).toEqual(saved);

    // Off keeps the terms for next time; an empty list ships everywhere again (stored as null).
    const off = await saveForm(db, { enableInvoice: false, invoiceTerms: "Net 30", shippingCountries: "" });
    expect(off).toMatchObject({ enableInvoice: false, invoiceTerms: "Net 30", shippingCountries: [] });
    expect((await storedRow()).shipping_countries).toBeNull();
    // A form without the address (or an empty box) leaves the documents without one.
    expect((await storedRow()).postal_address).toBeNull();

    // Refused: invoices on without terms, and an unknown country; nothing changes.
    const before = await storedRow();
    await expect(saveForm(db, { enableInvoice: true, invoiceTerms: "" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { invoiceTerms: "Please enter the payment terms for invoices, e.g. Net 30." },
    });
    await expect(saveForm(db, { shippingCountries: "US, Narnia" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { shippingCountries: expect.stringContaining("Unknown country code: NARNIA.") },
    });
    expect(await storedRow()).toEqual(before);
  });

  it("refuses a save over settings changed since the form loaded them, such as Coming Soon switched on", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    // The first save of a store on defaults: the form loaded no row.
    await saveForm(db, { loadedUpdatedAt: "" });
    const loaded = await getStoreSettingsForAdmin({ db, env: { APP_SECRET } });
    // Another admin switches Coming Soon on from its own page.
    await setMaintenanceMode({ db, clock: () => new Date(NOW.getTime() + 60_000) }, { on: true });
    const stale = await saveForm(db, { storeName: "Renamed", loadedUpdatedAt: loaded.updatedAt ?? "" }).catch(
      (error: unknown) => error,
    );
    expect(stale).toMatchObject({ code: "CONFLICT", reason: "settings-changed" });
    expect(await storedRow()).toMatchObject({ store_name: FORM.storeName });
    expect(Boolean((await storedRow()).enable_maintenance_mode)).toBe(true);
    // A form loaded again saves; one that loaded the defaults, now that a row exists, does not.
    const reloaded = await getStoreSettingsForAdmin({ db, env: { APP_SECRET } });
    await saveForm(db, {
      storeName: "Renamed",
      enableMaintenanceMode: true,
      loadedUpdatedAt: reloaded.updatedAt ?? "",
    });
    expect(await storedRow()).toMatchObject({ store_name: "Renamed" });
    for (const loadedUpdatedAt of ["", "yesterday", "2026-02-01 10:00:00"]) {
      await expect(saveForm(db, { loadedUpdatedAt }), loadedUpdatedAt).rejects.toMatchObject({ code: "CONFLICT" });
    }
  });

  it("saves the footer's social links, networks first, and shows only those set to visitors", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const socialLinks = {
      facebook: " https://www.facebook.com/littlescrolls ",
      instagram: "",
      youtube: "https://youtu.be/abc",
      x: "https://twitter.com/littlescrolls",
      tiktok: null,
      pinterest: "https://www.pinterest.co.uk/littlescrolls/",
      others: [
        { name: "", url: "" },
        { name: "Threads", url: "https://www.threads.net/@littlescrolls" },
      ],
    };
    const saved = await saveForm(db, { socialLinks });
    const expected = [
      { network: "facebook", url: "https://www.facebook.com/littlescrolls" },
      { network: "youtube", url: "https://youtu.be/abc" },
      { network: "x", url: "https://twitter.com/littlescrolls" },
      { network: "pinterest", url: "https://www.pinterest.co.uk/littlescrolls/" },
      { network: "other", name: "Threads", url: "https://www.threads.net/@littlescrolls" },
    ];
    expect(saved.socialLinks).toEqual(expected);
    expect((await getPublicStoreSettings({ db })).socialLinks).toEqual(expected);

    // A save without the fields (a script's post) clears them: the form always posts them all.
    await saveStoreSettings(settingsDeps(db), { form: FORM });
    expect((await getPublicStoreSettings({ db })).socialLinks).toEqual([]);

    // A hand-edited row shows only what is a valid link.
    await db
      .updateTable("store_settings")
      .set({
        social_links: JSON.stringify([
          { network: "facebook", url: "http://facebook.com/x" },
          { network: "instagram", url: "https://www.instagram.com/ok" },
          { network: "myspace", url: "https://myspace.com/x" },
          { network: "other", url: "https://nameless.example" },
        ]),
      })
      .execute();
    expect((await getPublicStoreSettings({ db })).socialLinks).toEqual([
      { network: "instagram", url: "https://www.instagram.com/ok" },
    ]);
    await db.updateTable("store_settings").set({ social_links: "not json" }).execute();
    expect((await getPublicStoreSettings({ db })).socialLinks).toEqual([]);
  });

  it("refuses social links that are not https or not on their network, and writes nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: false });
    const before = await storedRow();
    const refused = (socialLinks: unknown) => saveForm(db, { socialLinks });

    await expect(refused({ facebook: "http://www.facebook.com/littlescrolls" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        "socialLinks.facebook":
          "The Facebook link must be a full address starting with https://, such as https://www.facebook.com/yourpage.",
      },
    });
    await expect(
      refused({
        instagram: "https://www.facebook.com/littlescrolls",
        youtube: "javascript:alert(1)",
        x: "https://x.com@evil.example/",
        tiktok: "www.tiktok.com/@me",
        pinterest: `https://pinterest.com/${"p".repeat(300)}`,
      }),
    ).rejects.toMatchObject({
      fieldErrors: {
        "socialLinks.instagram": "The Instagram link must be an address on instagram.com.",
        "socialLinks.youtube": expect.stringContaining("must be a full address starting with https://"),
        "socialLinks.x": expect.stringContaining("must be a full address starting with https://"),
        "socialLinks.tiktok": expect.stringContaining("must be a full address starting with https://"),
        "socialLinks.pinterest": "The Pinterest link must be 300 characters or fewer.",
      },
    });
    await expect(
      refused({
        others: [
          { name: "Blog", url: "" },
          { name: "", url: "https://blog.example" },
          { name: "Podcast", url: "ftp://podcast.example" },
        ],
      }),
    ).rejects.toMatchObject({
      fieldErrors: {
        "socialLinks.others.0.url": "Please enter this link's address.",
        "socialLinks.others.1.name": "Please name this link, e.g. Threads.",
        "socialLinks.others.2.url": "Links must be full addresses starting with https://.",
      },
    });
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `Site ${i}`, url: `https://site${i}.example` }));
    await expect(refused({ others: four })).rejects.toMatchObject({
      fieldErrors: { "socialLinks.others": "At most 3 other links." },
    });
    await expect(refused("https://facebook.com/x")).rejects.toMatchObject({
      fieldErrors: { socialLinks: "The social links could not be read." },
    });
    expect(await storedRow()).toEqual(before);
  });

  it("refuses invalid input with per-field messages and writes nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    const before = { row: await storedRow(), methods: await storedMethods() };

    await expect(saveForm(db, { storeName: "" })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Please enter the store name.",
      fieldErrors: { storeName: "Please enter the store name." },
    });
    await expect(saveForm(db, { contactEmail: "nope", currency: "dollars" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        contactEmail: "Please enter a valid contact email address.",
        currency: "Please choose a currency from the list.",
      },
    });
    await expect(
      saveStoreSettings(settingsDeps(db), {
        form: { ...FORM, shippingMethods: [{ name: "", rate: "abc", enabled: true }] },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { "shippingMethods.0.rate": expect.any(String) } });
    await expect(
      saveStoreSettings(settingsDeps(db), {
        form: { ...FORM, shippingMethods: [{ name: "", rate: "1", enabled: true }] },
      }),
    ).rejects.toMatchObject({ fieldErrors: { "shippingMethods.0.name": "Please name each enabled shipping method." } });
    await expect(saveForm(db, { stripeSecretKeyAction: "replace", stripeSecretKey: "" })).rejects.toMatchObject({
      fieldErrors: { stripeSecretKey: "Please enter the new Stripe secret key." },
    });
    await expect(saveStoreSettings(settingsDeps(db), { form: null })).rejects.toMatchObject({ code: "VALIDATION" });

    expect({ row: await storedRow(), methods: await storedMethods() }).toEqual(before);
  });
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { holdRequests } from "#tests/support/held-request.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "admin-settings");

const STRIPE_SECRET = "sk_test_51Hsecretvalue4242";
const WEBHOOK_SECRET = "whsec_testsigningsecret5678";

/** A control of the page's main content by its exact label (the footer and sidebar have fields too). */
const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });
const shippingGroup = (page: Page, n: number) => page.getByRole("group", { name: `Shipping method ${n}`, exact: true });

describe("admin settings, Coming Soon, subscribers and messages in a browser", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  /** Every text or JSON body the admin's browser received, to prove the secret never left the server. */
  const receivedBodies: Promise<{ url: string; body: string }>[] = [];

  const shop = useShop({}, { withOwner: true });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ server, browser } = shop);
    admin = await browser.newContext();
    admin.on("response", (response: Response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!/^(text\/|application\/(json|javascript))/.test(type)) return;
      receivedBodies.push(
        response
          .text()
          .then((body) => ({ url: response.url(), body }))
          .catch(() => ({ url: response.url(), body: "" })),
      );
    });
    page = await signInOwner(shop, admin);
  });

  async function open(pathname: string) {
    const response = await page.goto(`${server.url}${pathname}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
  }

  /** The admin's cookies as a header, for requests made outside the browser. */
  async function adminCookie(): Promise<string> {
    return (await admin.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  }

  /** What the running server stored, read from its own SQLite file. */
  async function storedSettings() {
    const handle = shop.openDatabase();
    try {
      const row = await handle.db.selectFrom("store_settings").selectAll().executeTakeFirstOrThrow();
      const methods = await handle.db
        .selectFrom("shipping_methods")
        .select(["name", "rate_cents", "enabled"])
        .orderBy("position")
        .execute();
      return { row, methods };
    } finally {
      await handle.close();
    }
  }

  /**
   * Clicks `button` and waits for `toast`. A toast still showing from an earlier save is closed
   * first, so the wait sees the answer to this click and not the last one.
   */
  async function clickAndExpectToast(target: Page, button: string, toast: string | RegExp) {
    const current = target.getByTestId("toast");
    if ((await current.count()) > 0) {
      await current.getByRole("button", { name: "Close notification" }).click();
      await current.waitFor({ state: "detached" });
    }
    await target.getByRole("button", { name: button, exact: true }).click();
    await expectToast(target, toast);
  }

  async function newVisitor(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  }

  it("saves the general settings and a new shipping method; the storefront shows the new name", async () => {
    await open("/admin/settings");
    await page.getByRole("heading", { level: 1, name: "Store Settings" }).waitFor();
    expect(await page.locator("main h2").allInnerTexts()).toEqual([
      "General Settings",
      "Maintenance Mode",
      "Payment Gateways",
      "Shipping",
      "Social Media",
      "Tax",
      "Free Story",
    ]);

    // The sections open and close, and their fields stay in the form while closed.
    const general = page.getByRole("button", { name: "General Settings" });
    expect(await general.getAttribute("aria-expanded")).toBe("true");
    await general.click();
    expect(await general.getAttribute("aria-expanded")).toBe("false");
    expect(await field(page, "Store name").isVisible()).toBe(false);
    await general.click();

    expect(await field(page, "Store name").inputValue()).toBe("Little Scrolls Press");
    expect(await shippingGroup(page, 1).getByLabel("Name").inputValue()).toBe("Standard Shipping");
    expect(await shippingGroup(page, 1).getByLabel("Rate").inputValue()).toBe("5.00");
    expect(await shippingGroup(page, 2).getByLabel("Name").inputValue()).toBe("Express Shipping");
    expect(await shippingGroup(page, 2).getByLabel("Rate").inputValue()).toBe("15.00");

    await field(page, "Store name").fill("Mustard Seed Books");
    await field(page, "Contact email").fill("orders@mustardseed.example");
    await page.getByRole("button", { name: "Add Shipping Method" }).click();
    const added = shippingGroup(page, 3);
    // A new method is on, with an empty name and rate, and the name field has the focus.
    expect(await added.getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("true");
    expect(await added.getByLabel("Name").inputValue()).toBe("");
    expect(await added.getByLabel("Rate").inputValue()).toBe("");
    expect(await added.getByLabel("Name").evaluate((el) => el === document.activeElement)).toBe(true);
    await added.getByLabel("Name").fill("Overnight Shipping");
    await added.getByLabel("Rate").fill("29.5");
    // Express is switched off (kept, but not offered).
    await shippingGroup(page, 2).getByRole("switch", { name: "Enabled" }).click();
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved! Your store settings have been updated.");

    const { row, methods } = await storedSettings();
    expect(row).toMatchObject({ store_name: "Mustard Seed Books", contact_email: "orders@mustardseed.example" });
    expect(methods.map((m) => [m.name, m.rate_cents, Boolean(m.enabled)])).toEqual([
      ["Standard Shipping", 500, true],
      ["Express Shipping", 1500, false],
      ["Overnight Shipping", 2950, true],
    ]);

    await page.reload();
    await waitForHydration(page);
    expect(await field(page, "Store name").inputValue()).toBe("Mustard Seed Books");
    expect(await field(page, "Contact email").inputValue()).toBe("orders@mustardseed.example");
    expect(await shippingGroup(page, 3).getByLabel("Name").inputValue()).toBe("Overnight Shipping");
    expect(await shippingGroup(page, 3).getByLabel("Rate").inputValue()).toBe("29.50");
    expect(await shippingGroup(page, 2).getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe(
      "false",
    );

    // Deleting a method and saving drops it. The post is held until the busy button is seen.
    await page.getByRole("button", { name: "Delete shipping method 2" }).click();
    expect(await page.getByRole("group", { name: /^Shipping method \d$/ }).count()).toBe(2);
    const save = await holdRequests(page, "**/admin/settings.data*", "POST");
    await page.getByRole("button", { name: "Save All Changes" }).click();
    await save.arrived;
    const busy = page.getByRole("button", { name: "Saving..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await save.release();
    await expectToast(page, "Settings Saved!");
    await page.getByRole("button", { name: "Save All Changes" }).waitFor();
    expect((await storedSettings()).methods.map((m) => m.name)).toEqual(["Standard Shipping", "Overnight Shipping"]);

    const visitor = await newVisitor();
    await visitor.page.goto(server.url);
    expect(await visitor.page.locator("header").getByRole("link", { name: "Mustard Seed Books" }).count()).toBe(1);
    await visitor.context.close();
  });

  it("refuses an invalid contact e-mail and an unnamed enabled method, in the browser and on the server", async () => {
    const before = await storedSettings();
    await open("/admin/settings");
    await field(page, "Contact email").fill("not-an-email");
    await page.getByRole("button", { name: "Add Shipping Method" }).click();
    await shippingGroup(page, 3).getByLabel("Rate").fill("3");
    await clickAndExpectToast(page, "Save All Changes", "Error saving settings");
    expect(await page.getByTestId("toast").getAttribute("data-variant")).toBe("destructive");

    const email = field(page, "Contact email");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("main").getByText("Please enter a valid contact email address.").isVisible()).toBe(true);
    const name = shippingGroup(page, 3).getByLabel("Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await shippingGroup(page, 3).getByText("Please name each enabled shipping method.").isVisible()).toBe(true);
    // The first field in error has the focus.
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);

    // The server checks again: a post that skips the browser's check is refused and saves nothing.
    const response = await fetch(`${server.url}/admin/settings`, {
      method: "POST",
      headers: { cookie: await adminCookie(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        storeName: "Hacked Name",
        contactEmail: "not-an-email",
        currency: "USD",
        "shippingMethods.0.name": "",
        "shippingMethods.0.rate": "-1",
        "shippingMethods.0.enabled": "on",
      }).toString(),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid contact email address.");

    const after = await storedSettings();
    expect(after.row).toEqual(before.row);
    expect(after.methods).toEqual(before.methods);
  });

  it("offers the currency as ISO 4217 codes with their names, and the server refuses any other code", async () => {
    await open("/admin/settings");
    const currency = field(page, "Currency");
    expect(await currency.evaluate((el) => el.tagName)).toBe("SELECT");
    expect(await currency.inputValue()).toBe("USD");
    const options = await currency.locator("option").allInnerTexts();
    expect(options).toContain("USD — US Dollar");
    expect(options).toContain("EUR — Euro");
    expect(options).toContain("GBP — British Pound");
    expect(options.length).toBeGreaterThan(100);
    // Only currencies counted in hundredths, as the shop keeps its amounts.
    expect(options.filter((option) => /^(JPY|KWD) /.test(option))).toEqual([]);

    await currency.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "settings-currency-1280.png") });
    await currency.selectOption("EUR");
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved! Your store settings have been updated.");
    expect((await storedSettings()).row.currency).toBe("EUR");
    await page.reload();
    await waitForHydration(page);
    expect(await field(page, "Currency").inputValue()).toBe("EUR");

    // Typed text ("dollars" was once saved as "DOL") is refused by the server's check too.
    const before = await storedSettings();
    const response = await fetch(`${server.url}/admin/settings`, {
      method: "POST",
      headers: { cookie: await adminCookie(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        storeName: before.row.store_name,
        contactEmail: before.row.contact_email,
        currency: "dollars",
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose a currency from the list.");
    expect((await storedSettings()).row).toEqual(before.row);

    await field(page, "Currency").selectOption("USD");
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved! Your store settings have been updated.");
    expect((await storedSettings()).row.currency).toBe("USD");
  });

  it("keeps the Stripe secret key write-only: shown as its last 4 characters, stored encrypted, clearable", async () => {
    await open("/admin/settings");
    const stripe = page.getByRole("switch", { name: "Stripe (credit cards)" });
    const publishable = field(page, "Publishable key");
    // The key fields show only while Stripe is on.
    if ((await stripe.getAttribute("aria-checked")) === "true") await stripe.click();
    expect(await stripe.getAttribute("aria-checked")).toBe("false");
    expect(await publishable.isVisible()).toBe(false);
    await stripe.click();
    expect(await stripe.getAttribute("aria-checked")).toBe("true");
    expect(await publishable.isVisible()).toBe(true);
    // PayPal's client ID likewise.
    const paypal = page.getByRole("switch", { name: "PayPal" });
    expect(await field(page, "Client ID").isVisible()).toBe(false);
    await paypal.click();
    expect(await field(page, "Client ID").isVisible()).toBe(true);
    await field(page, "Client ID").fill("paypal-client-123");

    const status = page.getByTestId("stripe-secret-status");
    expect(await status.innerText()).toBe("No key set.");
    await publishable.fill("pk_test_51Hpublicvalue");
    await field(page, "Secret key").fill(STRIPE_SECRET);
    expect(await field(page, "Secret key").getAttribute("type")).toBe("password");
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("A secret key is set (ending in 4242).").waitFor();
    // The field is empty again: the key is not kept in the page after saving.
    expect(await field(page, "New secret key").inputValue()).toBe("");
    expect(await page.content()).not.toContain(STRIPE_SECRET);

    const stored = (await storedSettings()).row;
    expect(stored.enable_stripe).toBeTruthy();
    expect(stored.enable_paypal).toBeTruthy();
    expect(stored.paypal_client_id).toBe("paypal-client-123");
    expect(stored.stripe_publishable_key).toBe("pk_test_51Hpublicvalue");
    expect(stored.stripe_secret_key_encrypted).toMatch(/^v1:/);
    expect(stored.stripe_secret_key_encrypted).not.toContain(STRIPE_SECRET);
    expect(stored.stripe_secret_key_encrypted).not.toContain("secretvalue");

    // Neither the page's HTML nor its data request carries the key; both carry the last 4.
    const cookie = await adminCookie();
    const html = await fetch(`${server.url}/admin/settings`, { headers: { cookie } });
    expect(html.status).toBe(200);
    const htmlText = await html.text();
    expect(htmlText).not.toContain(STRIPE_SECRET);
    expect(htmlText).toContain("ending in 4242");
    const data = await fetch(`${server.url}/admin/settings.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    const dataText = await data.text();
    expect(dataText).toContain("4242");
    expect(dataText).not.toContain(STRIPE_SECRET);

    // Saving again with the field left empty keeps the key.
    await page.reload();
    await waitForHydration(page);
    expect(await status.innerText()).toBe("A secret key is set (ending in 4242).");
    await field(page, "Store name").fill("Mustard Seed Books & Co");
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("A secret key is set (ending in 4242).").waitFor();
    expect((await storedSettings()).row.stripe_secret_key_encrypted).toBe(stored.stripe_secret_key_encrypted);

    // And removing it clears it.
    await page.getByLabel("Remove the saved secret key when saving").check();
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("No key set.").waitFor();
    expect((await storedSettings()).row.stripe_secret_key_encrypted).toBeNull();

    const bodies = await Promise.all(receivedBodies);
    expect(bodies.length).toBeGreaterThan(10);
    expect(bodies.some((b) => b.url.includes("/admin/settings") && b.body.includes("4242"))).toBe(true);
    for (const { url, body } of bodies) expect(body.includes(STRIPE_SECRET), url).toBe(false);
    expect(server.output()).not.toContain(STRIPE_SECRET);
  });

  it("saves the webhook signing secret write-only, pay by invoice with its terms, and the countries it ships to", async () => {
    await open("/admin/settings");
    const stripe = page.getByRole("switch", { name: "Stripe (credit cards)" });
    if ((await stripe.getAttribute("aria-checked")) !== "true") await stripe.click();
    const hint = page.getByTestId("stripe-card-hint");
    expect(await hint.innerText()).toContain(
      "Card payments are offered at checkout only once both the secret key and the webhook signing secret are set.",
    );
    expect(await hint.innerText()).toMatch(/send webhook events to http:\/\/\S+\/webhooks\/stripe /);
    const webhookStatus = page.getByTestId("stripe-webhook-secret-status");
    const cardStatus = page.getByTestId("card-payments-status");
    expect(await cardStatus.innerText()).toBe("As saved, card payments are not offered at checkout yet.");
    expect(await webhookStatus.innerText()).toBe("No webhook signing secret set.");
    await field(page, "Webhook signing secret").fill(WEBHOOK_SECRET);
    expect(await field(page, "Webhook signing secret").getAttribute("type")).toBe("password");

    // Invoices on without terms, and a country code that does not exist: refused under each field.
    const invoice = page.getByRole("switch", { name: "Pay by invoice" });
    expect(await field(page, "Payment terms").isVisible()).toBe(false);
    await invoice.click();
    expect(await field(page, "Payment terms").isVisible()).toBe(true);
    const shipsTo = field(page, "Ships to");
    await shipsTo.fill("us, ca, xx");
    expect(await page.getByTestId("ships-to-summary").innerText()).toBe("Ships to: United States (US), Canada (CA).");
    await page.getByRole("button", { name: "Save All Changes", exact: true }).click();
    await expectToast(page, /^Error saving settings/);
    await page
      .locator("main")
      .getByText("Please enter the payment terms for invoices, e.g. Net 30.", { exact: true })
      .waitFor();
    await page
      .locator("main")
      .getByText("Unknown country code: XX. Use 2-letter ISO codes such as US, CA or GB, separated by commas.")
      .waitFor();
    expect(await field(page, "Payment terms").getAttribute("aria-invalid")).toBe("true");
    expect(await shipsTo.getAttribute("aria-invalid")).toBe("true");
    expect((await storedSettings()).row.stripe_webhook_secret_encrypted).toBeNull();

    // The server refuses the same, with the same words, when the browser's check is skipped.
    const cookie = await adminCookie();
    const refused = await fetch(`${server.url}/admin/settings`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        storeName: "Mustard Seed Books",
        contactEmail: "owner@example.com",
        currency: "USD",
        enableInvoice: "on",
        invoiceTerms: "",
        shippingCountries: "US, Narnia",
      }).toString(),
    });
    expect(refused.status).toBe(400);
    const refusedText = await refused.text();
    expect(refusedText).toContain("Please enter the payment terms for invoices, e.g. Net 30.");
    expect(refusedText).toContain("Unknown country code: NARNIA.");

    await field(page, "Payment terms").fill("Net 30");
    await shipsTo.fill("us, ca, gb");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole("region", { name: "Payment Gateways" })
      .screenshot({ path: "test-results/settings-payments-1280.png" });
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("A webhook signing secret is set (ending in 5678).").waitFor();
    // The secret key is not set (the test before cleared it): checkout still offers no cards.
    expect(await cardStatus.innerText()).toBe("As saved, card payments are not offered at checkout yet.");
    expect(await field(page, "New webhook signing secret").inputValue()).toBe("");
    expect(await page.getByRole("switch", { name: "Pay by invoice" }).getAttribute("aria-checked")).toBe("true");
    expect(await field(page, "Payment terms").inputValue()).toBe("Net 30");
    expect(await field(page, "Ships to").inputValue()).toBe("US, CA, GB");

    const stored = (await storedSettings()).row;
    expect(stored.stripe_webhook_secret_encrypted).toMatch(/^v1:/);
    expect(stored.stripe_webhook_secret_encrypted).not.toContain(WEBHOOK_SECRET);
    expect(Boolean(stored.enable_invoice)).toBe(true);
    expect(stored.invoice_terms).toBe("Net 30");
    expect(stored.shipping_countries).toBe("US,CA,GB");

    // Read back after a reload; the secret is in neither the page's HTML nor its data.
    await page.reload();
    await waitForHydration(page);
    expect(await webhookStatus.innerText()).toBe("A webhook signing secret is set (ending in 5678).");
    expect(await page.getByTestId("ships-to-summary").innerText()).toBe(
      "Ships to: United States (US), Canada (CA), United Kingdom (GB).",
    );
    const html = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
    expect(html).toContain("ending in 5678");
    expect(html).not.toContain(WEBHOOK_SECRET);
    const data = await (await fetch(`${server.url}/admin/settings.data`, { headers: { cookie } })).text();
    expect(data).not.toContain(WEBHOOK_SECRET);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page
      .getByRole("region", { name: "Payment Gateways" })
      .screenshot({ path: "test-results/settings-payments-360.png" });
    await page
      .getByRole("region", { name: "Shipping", exact: true })
      .screenshot({ path: "test-results/settings-shipping-360.png" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // With the secret key set too, checkout offers cards.
    await field(page, "Secret key").fill(STRIPE_SECRET);
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("A secret key is set (ending in 4242).").waitFor();
    expect(await cardStatus.innerText()).toBe("As saved, card payments are offered at checkout.");

    // Clearing: the secret goes, the key is untouched; an empty list ships everywhere again.
    await page.getByLabel("Remove the saved webhook signing secret when saving").check();
    await shipsTo.fill("");
    expect(await page.getByTestId("ships-to-summary").innerText()).toBe("Ships everywhere.");
    await clickAndExpectToast(page, "Save All Changes", "Settings Saved!");
    await page.getByText("No webhook signing secret set.").waitFor();
    expect(await cardStatus.innerText()).toBe("As saved, card payments are not offered at checkout yet.");
    const cleared = (await storedSettings()).row;
    expect(cleared.stripe_webhook_secret_encrypted).toBeNull();
    expect(cleared.shipping_countries).toBeNull();
    expect(cleared.stripe_secret_key_encrypted).toMatch(/^v1:/);

    const bodies = await Promise.all(receivedBodies);
    for (const { url, body } of bodies) {
      expect(body.includes(WEBHOOK_SECRET), url).toBe(false);
      expect(body.includes(STRIPE_SECRET), url).toBe(false);
    }
    expect(server.output()).not.toContain(WEBHOOK_SECRET);
  });

  it("turns Coming Soon on and off: visitors get 503 and the Coming Soon page, the admin still sees the site", async () => {
    await open("/admin/coming-soon");
    await page.getByRole("heading", { level: 1, name: "Coming Soon" }).waitFor();
    const toggle = page.getByRole("switch", { name: "Enable Coming Soon mode" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await clickAndExpectToast(page, "Save Settings", "Success! Coming Soon settings updated successfully.");
    await page.getByText("Coming Soon mode is on").waitFor();
    try {
      const visitor = await newVisitor();
      const closed = await visitor.page.goto(server.url);
      expect(closed?.status()).toBe(503);
      await visitor.page.getByRole("heading", { level: 1, name: "Coming Soon" }).waitFor();

      // The admin still sees the shop, told on every page that visitors cannot, and the Store
      // Settings screen shows the same flag.
      const banner = page.getByRole("complementary", { name: "Coming Soon mode" });
      await banner.getByText("The shop is closed to visitors").waitFor();
      expect((await page.goto(server.url))?.status()).toBe(200);
      expect(await page.locator("h1").first().innerText()).not.toBe("Coming Soon");
      await banner.waitFor();
      await open("/admin/settings");
      expect(await page.getByRole("switch", { name: "Enable maintenance mode" }).getAttribute("aria-checked")).toBe(
        "true",
      );

      await open("/admin/coming-soon");
      expect(await toggle.getAttribute("aria-checked")).toBe("true");
      await toggle.click();
      await clickAndExpectToast(page, "Save Settings", "Success! Coming Soon settings updated successfully.");
      await page.getByText("Coming Soon mode is off").waitFor();
      await banner.waitFor({ state: "detached" });
      const reopened = await visitor.page.goto(server.url);
      expect(reopened?.status()).toBe(200);
      await visitor.context.close();
    } finally {
      // Whatever failed above, later tests need the shop open.
      const handle = shop.openDatabase();
      await handle.db.updateTable("store_settings").set({ enable_maintenance_mode: false }).execute();
      await handle.close();
    }
  });

  it("refuses to save Store Settings opened before Coming Soon was switched on in another tab, which stays on", async () => {
    await open("/admin/settings");
    const other = await admin.newPage();
    try {
      await other.goto(`${server.url}/admin/coming-soon`);
      await waitForHydration(other);
      await other.getByRole("switch", { name: "Enable Coming Soon mode" }).click();
      await clickAndExpectToast(other, "Save Settings", "Success! Coming Soon settings updated successfully.");

      // The first tab still shows the shop open; saving its name change would have reopened it.
      await field(page, "Store name").fill("Renamed While Closed");
      await clickAndExpectToast(page, "Save All Changes", /changed elsewhere since this page was opened/);
      const { row } = await storedSettings();
      expect(row.store_name).not.toBe("Renamed While Closed");
      expect(Boolean(row.enable_maintenance_mode)).toBe(true);
    } finally {
      await other.close();
      const handle = shop.openDatabase();
      await handle.db.updateTable("store_settings").set({ enable_maintenance_mode: false }).execute();
      await handle.close();
    }
  });

  it("lists subscribers newest first, downloads them as CSV and removes one", async () => {
    await open("/admin/subscribers");
    await page.getByRole("heading", { level: 1, name: "Email Subscribers" }).waitFor();
    await page.getByText("No subscribers yet.").waitFor();

    const visitor = await newVisitor();
    await visitor.page.goto(server.url);
    await waitForHydration(visitor.page);
    for (const email of ["first.reader@example.com", "second.reader@example.com"]) {
      await visitor.page.getByRole("textbox", { name: "Email address for our newsletter" }).fill(email);
      await visitor.page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expectToast(visitor.page, "Subscribed!");
      // A new toast per address, so the second wait does not see the first one.
      await visitor.page.getByTestId("toast").getByRole("button", { name: "Close notification" }).click();
    }
    await visitor.context.close();

    await open("/admin/subscribers");
    const rows = page.getByTestId("subscriber-row");
    expect(await rows.locator("td:first-child").allInnerTexts()).toEqual([
      "second.reader@example.com",
      "first.reader@example.com",
    ]);
    expect(await page.getByRole("columnheader").allInnerTexts()).toEqual([
      "Email",
      "Subscribed On",
      "Status",
      "Actions",
    ]);
    // Double opt-in: nobody has followed a confirmation link yet.
    expect(await rows.locator("td:nth-child(3)").allInnerTexts()).toEqual(["Pending", "Pending"]);

    // The download, as the browser gets it…
    const link = page.getByRole("link", { name: "Download CSV" });
    expect(await link.getAttribute("href")).toBe("/admin/subscribers.csv");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    // One export runs at a time: let the browser's finish before asking for another.
    await download.path();
    // …and its headers and content.
    const csv = await fetch(`${server.url}/admin/subscribers.csv`, { headers: { cookie: await adminCookie() } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at,status,confirmed_at");
    expect(lines[1]).toMatch(/^second\.reader@example\.com,\d{4}-\d{2}-\d{2}T[\d:.]+Z,pending,$/);
    expect(lines[2]).toMatch(/^first\.reader@example\.com,\d{4}-\d{2}-\d{2}T[\d:.]+Z,pending,$/);
    expect(lines.slice(3)).toEqual([""]);
    // Not for anyone else.
    expect((await fetch(`${server.url}/admin/subscribers.csv`)).status).toBe(401);

    // While another page of the list loads, the screen says so.
    const load = await holdRequests(page, "**/admin/subscribers.data*");
    // The sidebar link to this very page: a client-side navigation that runs the loader again.
    await page.locator("#admin-navigation").getByRole("link", { name: "Subscribers" }).click();
    await load.arrived;
    await page.getByText("Loading subscribers...").waitFor();
    await load.release();
    await page.getByText("Loading subscribers...").waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Remove first.reader@example.com" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove subscriber?" });
    await dialog.getByText("first.reader@example.com will no longer receive the newsletter.").waitFor();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Subscriber removed first.reader@example.com is no longer on the list.");
    await dialog.waitFor({ state: "detached" });
    expect(await rows.locator("td:first-child").allInnerTexts()).toEqual(["second.reader@example.com"]);
  });

  it("lists the messages sent through Contact Us, searches them and shows one whole", async () => {
    await open("/admin/messages");
    await page.getByRole("heading", { level: 1, name: "Contact Messages" }).waitFor();
    await page.getByText("No messages yet.").waitFor();

    const visitor = await newVisitor();
    const send = async (name: string, email: string, subject: string, message: string) => {
      await visitor.page.goto(`${server.url}/contact-us`);
      await waitForHydration(visitor.page);
      const form = visitor.page.locator("main form");
      await form.getByLabel("Full Name", { exact: true }).fill(name);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Subject", { exact: true }).fill(subject);
      await form.getByLabel("Message", { exact: true }).fill(message);
      await visitor.page.getByRole("button", { name: "Send Message" }).click();
      await expectToast(visitor.page, "Message Sent!");
    };
    const long = `Could we order twelve copies?\nThey are for our class. ${"We love the stories. ".repeat(10)}`.trim();
    await send("Hannah Reader", "hannah@example.com", "Books for our Sunday school", long);
    await send("Boaz of Bethlehem", "boaz@example.com", "Shipping to Moab", "Do you ship abroad?");
    await visitor.context.close();

    await open("/admin/messages");
    const rows = page.getByTestId("contact-message");
    expect(await page.locator("main thead th").allInnerTexts()).toEqual(["Subject", "From", "Received", "Actions"]);
    expect(await rows.count()).toBe(2);
    // Newest first; each row a preview of its message.
    expect(await rows.first().innerText()).toContain("Boaz of Bethlehem");
    const hannah = rows.filter({ hasText: "hannah@example.com" });
    expect(await hannah.innerText()).toContain("Books for our Sunday school");
    expect(await hannah.innerText()).toContain("Could we order twelve copies?");
    expect(await hannah.innerText()).toContain("…");
    expect(await hannah.locator("time").innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);

    // A search by part of the name, the address or the subject, in any letter case.
    const searchFor = async (text: string) => {
      await page.getByPlaceholder("Search by name, email or subject...", { exact: true }).fill(text);
      await page.getByPlaceholder("Search by name, email or subject...", { exact: true }).press("Enter");
      await page.waitForURL((url) => url.searchParams.get("search") === text);
    };
    await searchFor("SUNDAY school");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.innerText()).toContain("hannah@example.com");
    await searchFor("boaz@");
    await expect.poll(() => rows.innerText()).toContain("Shipping to Moab");
    await searchFor("nobody wrote this");
    await page.getByText("No messages found").waitFor();

    // The whole message in a dialog, with a reply by e-mail; Escape gives the focus back.
    await open("/admin/messages?search=hannah");
    const opener = page.getByRole("button", { name: "Read the message from hannah@example.com" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Message Details" });
    await dialog.getByTestId("message-details-text").waitFor();
    await dialog.getByRole("heading", { name: "Books for our Sunday school" }).waitFor();
    // A textarea posts its line breaks as CRLF; shown as written.
    expect((await dialog.getByTestId("message-details-text").innerText()).replace(/\r\n/g, "\n")).toBe(long);
    expect(await dialog.innerText()).toContain("Hannah Reader");
    const reply = dialog.getByRole("link", { name: "Reply by e-mail" });
    expect(await reply.getAttribute("href")).toMatch(/^mailto:hannah@example\.com\?subject=Re%3A%20Books/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "message-details-1280.png") });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "message-details-360.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, "messages-1280.png") });
  });

  it("keeps the admin screens and the subscriber export out of every cache", async () => {
    const cookie = await adminCookie();
    const csv = await fetch(`${server.url}/admin/subscribers.csv`, { headers: { cookie } });
    expect(csv.headers.get("cache-control")).toBe("no-store");
    for (const pathname of ["/admin/settings", "/admin/coming-soon", "/admin/subscribers", "/admin/messages"]) {
      for (const url of [`${server.url}${pathname}`, `${server.url}${pathname}.data`]) {
        const response = await fetch(url, { headers: { cookie } });
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control") ?? "", url).not.toMatch(/public/);
      }
    }
  });

  it("has no axe violations and no sideways scrolling on the four screens, at 1280 px and 360 px", async () => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const pathname of ["/admin/settings", "/admin/coming-soon", "/admin/subscribers", "/admin/messages"]) {
        await open(pathname);
        const violations = await axeViolations(page);
        expect(violations, `${pathname} at ${width}px`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${pathname} at ${width}px`).toBeLessThanOrEqual(0);
        const levels = await page
          .locator("main :is(h1, h2, h3, h4)")
          .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
        expect(levels[0], pathname).toBe(1);
        for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, pathname).toBeLessThanOrEqual(1);
      }
    }
  });
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "tax-exemption");
const CUSTOMER = { email: "grace.church@example.com", password: "Mustard-Seed-Faith-42" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A 1×1 PNG (a phone's photo of a certificate, in short). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** A date well ahead of the server's clock, as the date field takes it. */
const EXPIRES = `${new Date().getUTCFullYear() + 2}-06-30`;

describe("tax exemption in a browser", () => {
  const shop = useShop({}, { withOwner: true });

  const organisationForm = (page: Page) => page.locator('form:has(input[name="intent"][value="organisation"])');
  const certificateForm = (page: Page) => page.locator('form:has(input[name="intent"][value="certificate"])');
  const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });
  /** Fills the certificate form (expiring on EXPIRES) with `file` chosen, and sends it for review. */
  async function sendCertificate(
    form: Locator,
    certificate: { state: string; kind: string; number: string },
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    await field(form, "State").selectOption(certificate.state);
    await field(form, "Kind of certificate").selectOption(certificate.kind);
    await field(form, "Certificate or exemption number").fill(certificate.number);
    await field(form, "Expiry date").fill(EXPIRES);
    await field(form, "Certificate file").setInputFiles(file);
    await form.getByRole("button", { name: "Send for review" }).click();
  }
  const storedCertificates = () =>
    shop.withDb((db) => db.selectFrom("tax_exemption_certificates").select(["state", "status"]).execute());

  it("a church sends a certificate, staff approve it, the customer sees it approved and is e-mailed", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const cookie = await newCustomerSession(shop.server.url, CUSTOMER);
    const customer = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await addCookieHeader(customer, shop.server.url, cookie);
    const page = await customer.newPage();

    // My Account leads to the page.
    await page.goto(`${shop.server.url}/account`);
    await page.getByRole("link", { name: "Organisation & tax exemption" }).click();
    await page.waitForURL(`${shop.server.url}/tax-exemption`);
    await waitForHydration(page);

    const organisation = organisationForm(page);
    await field(organisation, "Organisation name").fill("Grace Community Church");
    await field(organisation, "Type").selectOption("church");
    await field(organisation, "Street address").fill("12 Elm Street");
    await field(organisation, "City").fill("Austin");
    await field(organisation, "State").selectOption("TX");
    await field(organisation, "ZIP code").fill("78701");
    await organisation.getByRole("button", { name: "Save organisation" }).click();
    await expectToast(page, "Organisation saved");
    await waitForHydration(page);

    // A file that is not a PDF or an image, whatever its name says: refused, nothing stored.
    await sendCertificate(
      certificateForm(page),
      { state: "TX", kind: "state_certificate", number: "1-23-456789-0" },
      {
        name: "certificate.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("Not a certificate at all, only words in a file named .pdf"),
      },
    );
    await expectToast(page, "The file must be a PDF, JPEG, PNG or WebP image.");
    await waitForHydration(page);
    expect(await storedCertificates()).toEqual([]);
    // The typed fields come back; the file is chosen again.
    const again = certificateForm(page);
    expect(await field(again, "Certificate or exemption number").inputValue()).toBe("1-23-456789-0");
    expect(await again.getByText("The file must be a PDF, JPEG, PNG or WebP image.").count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, "customer-refused-1280.png"), fullPage: true });

    await field(again, "Certificate file").setInputFiles({
      name: "texas-exemption.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await again.getByRole("button", { name: "Send for review" }).click();
    await expectToast(page, "Certificate sent");
    await waitForHydration(page);
    expect(await page.getByTestId("tax-certificate-status").innerText()).toBe("Pending review");
    expect(await storedCertificates()).toEqual([{ state: "TX", status: "pending" }]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "customer-pending-1280.png"), fullPage: true });

    // Staff approve it from the queue.
    const staff = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await signInOwner(shop, staff);
    await admin.getByRole("link", { name: "Tax Exemptions" }).click();
    await admin.waitForURL(`${shop.server.url}/admin/tax-exemptions`);
    const card = admin.getByTestId("admin-tax-certificate").filter({ hasText: "Grace Community Church" });
    await card.waitFor();
    expect(await card.innerText()).toContain("1-23-456789-0");
    expect(await card.innerText()).toContain("12 Elm Street");
    expect(await axeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: path.join(SHOTS, "admin-queue-1280.png"), fullPage: true });
    await card.getByRole("button", { name: "Approve the certificate for Texas" }).click();
    const confirm = admin.getByRole("alertdialog");
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(admin, "Certificate approved");
    await admin.getByText("No certificates are waiting for review.").waitFor();
    await admin.getByRole("link", { name: /^Approved/ }).click();
    await admin.getByTestId("admin-tax-certificate").filter({ hasText: "Grace Community Church" }).waitFor();
    expect(await admin.getByTestId("admin-tax-certificate-status").first().innerText()).toBe("Approved");

    // The customer sees it approved, and the approval was e-mailed (the outbox job runs every 10 s).
    await page.reload();
    expect(await page.getByTestId("tax-certificate-status").innerText()).toBe("Approved");
    await expect
      .poll(
        () =>
          readOutbox(shop.dataDir)
            .filter((mail) => mail.headers.to === CUSTOMER.email)
            .map((mail) => mail.headers.subject),
        { timeout: 30_000, interval: 500 },
      )
      .toContain("Your tax exemption for Texas is approved");

    // The file opens for its customer, not for another one.
    const own = await page.request.get(
      `${shop.server.url}${await page.getByRole("link", { name: /Download file/ }).getAttribute("href")}`,
    );
    expect(own.status()).toBe(200);
    expect(own.headers()["content-disposition"]).toMatch(/^attachment; filename="tax-certificate-TX-/);
    const stranger = await shop.browser.newContext();
    await addCookieHeader(
      stranger,
      shop.server.url,
      await newCustomerSession(shop.server.url, { email: "stranger@example.com", password: "Stranger-Psalm-23-1" }),
    );
    const refused = await stranger.request.get(
      `${shop.server.url}${await page.getByRole("link", { name: /Download file/ }).getAttribute("href")}`,
    );
    expect(refused.status()).toBe(404);

    // A photo of Ohio's certificate, rejected with a reason the customer then reads.
    await page.goto(`${shop.server.url}/tax-exemption`);
    await waitForHydration(page);
    await sendCertificate(
      certificateForm(page),
      { state: "OH", kind: "streamlined", number: "SST-OH-88" },
      { name: "ohio.png", mimeType: "image/png", buffer: PNG },
    );
    await expectToast(page, "Certificate sent");
    await admin.getByRole("link", { name: /^Pending/ }).click();
    const ohioCard = admin.getByTestId("admin-tax-certificate").filter({ hasText: "SST-OH-88" });
    await ohioCard.getByRole("button", { name: "Reject the certificate for Ohio" }).click();
    const dialog = admin.getByRole("dialog", { name: "Reject this certificate?" });
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await expectToast(admin, "Please say why the certificate is rejected: the customer is told.");
    await dialog.getByLabel("Reason").fill("The certificate is not signed.");
    await admin.screenshot({ path: path.join(SHOTS, "admin-reject-1280.png") });
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await expectToast(admin, "Certificate rejected");
    await admin.getByRole("link", { name: /^Rejected/ }).click();
    const rejectedCard = admin.getByTestId("admin-tax-certificate").filter({ hasText: "SST-OH-88" });
    await rejectedCard.getByRole("img", { name: "The certificate for Ohio as sent" }).waitFor();
    expect(await rejectedCard.innerText()).toContain("The certificate is not signed.");
    await admin.screenshot({ path: path.join(SHOTS, "admin-rejected-1280.png"), fullPage: true });
    await page.reload();
    const ohioListed = page.getByTestId("tax-certificate").filter({ hasText: "Ohio" });
    expect(await ohioListed.getByTestId("tax-certificate-status").innerText()).toBe("Rejected");
    expect(await ohioListed.innerText()).toContain("The certificate is not signed.");
    await page.screenshot({ path: path.join(SHOTS, "customer-decided-1280.png"), fullPage: true });

    // At 360 px wide: nothing wider than the screen.
    for (const [viewed, name] of [
      [page, "customer"],
      [admin, "admin"],
    ] as const) {
      await viewed.setViewportSize({ width: 360, height: 740 });
      await viewed.reload();
      await viewed.waitForLoadState("load");
      expect(
        await viewed.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        name,
      ).toBeLessThanOrEqual(0);
      await viewed.screenshot({ path: path.join(SHOTS, `${name}-360.png`), fullPage: true });
    }
    await stranger.close();
    await staff.close();
    await customer.close();
  }, 120_000);
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectIslandPage, recordScriptPaths } from "#tests/support/island-page.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "info-pages");

const INFO_PAGES = [
  { path: "/our-mission", heading: "Our Mission" },
  { path: "/about-us", heading: "About Us" },
  { path: "/for-churches", heading: "For Churches" },
  { path: "/for-schools", heading: "For Schools" },
  { path: "/terms-of-service", heading: "Terms of Service" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/statement-of-faith", heading: "Statement of Faith" },
  { path: "/shipping-information", heading: "Shipping Information" },
  { path: "/returns-and-refunds", heading: "Returns & Refunds" },
  { path: "/sitemap", heading: "Sitemap" },
];

describe("info pages and the sitemap in a browser (island pages, decision 21)", () => {
  const shop = useShop({}, { withOwner: true });

  it("renders each page's text on the server and loads one script, no React Router", async () => {
    for (const info of INFO_PAGES) {
      const html = await (await fetch(`${shop.server.url}${info.path}`, { headers: { accept: "text/html" } })).text();
      expect(html, info.path).toMatch(/<h1[^>]*>/);
      expect(html, info.path).toContain("<main");
    }
    const page = await shop.browser.newPage();
    const scripts = recordScriptPaths(page);
    for (const path of ["/our-mission", "/sitemap"]) {
      scripts.length = 0;
      await page.goto(`${shop.server.url}${path}`);
      await waitForHydration(page);
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/islands-client-[\w-]+\.js$/)]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    }
    // The sitemap's groups are named apart from the header's "Main" navigation (unique landmarks).
    expect(await page.getByRole("navigation", { name: "Sitemap Main" }).count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).count()).toBe(1);
    // Its links load the pages they name.
    await page.getByRole("link", { name: "Our Mission" }).first().click();
    await page.getByRole("heading", { name: "Our Mission", level: 1 }).waitFor();
    await page.close();
  });

  it("sends a church's and a school's order enquiry from their pages to the back office, on a phone and a desktop", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const enquiries = [
      {
        viewport: { width: 360, height: 800 },
        page: "/for-churches",
        button: "Contact Our Church Team",
        kind: "church",
      },
      {
        viewport: { width: 1280, height: 900 },
        page: "/for-schools",
        button: "Contact Our School Team",
        kind: "school",
      },
    ] as const;
    for (const { viewport, page: address, button, kind } of enquiries) {
      const page = await shop.browser.newPage({ viewport });
      await page.goto(`${shop.server.url}${address}`);
      await waitForHydration(page);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `${address.slice(1)}-${viewport.width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole("link", { name: button }).click();
      await page.waitForURL(`**/contact-us?enquiry=${kind}`);
      await waitForHydration(page);
      const form = page.locator("main form");
      const subject = kind === "church" ? "Church order enquiry" : "School order enquiry";
      expect(await form.getByLabel("Subject", { exact: true }).inputValue()).toBe(subject);
      const organisation = kind === "church" ? "Grace Chapel" : "Hillside Christian Academy";
      await form.getByLabel(kind === "church" ? "Church name (optional)" : "School name (optional)").fill(organisation);
      await form.getByLabel("Full Name", { exact: true }).fill("Ruth Treasurer");
      await form.getByLabel("Email", { exact: true }).fill(`${kind}@example.com`);
      await form.getByLabel("Message", { exact: true }).fill("We would like thirty copies for our classes.");
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `enquiry-${kind}-${viewport.width}.png`), fullPage: true });
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, /Message Sent!/);
      await page.close();
    }
    // Staff see both, marked as what they are, with the organisation.
    const admin = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await signInOwner(shop, admin);
    await staff.goto(`${shop.server.url}/admin/messages`);
    const church = staff.getByTestId("contact-message").filter({ hasText: "church@example.com" });
    await expect(church.getByText("Church enquiry", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(church.getByText("Grace Chapel").isVisible()).resolves.toBe(true);
    const school = staff.getByTestId("contact-message").filter({ hasText: "school@example.com" });
    await expect(school.getByText("School enquiry", { exact: true }).isVisible()).resolves.toBe(true);
    await staff.screenshot({ path: path.join(SHOTS, "admin-messages-enquiries-1280.png"), fullPage: true });
    await admin.close();
  });

  it("narrows the Help Center's questions as one types, an island of the page's own", async () => {
    const page = await shop.browser.newPage();
    const scripts = recordScriptPaths(page);
    await page.goto(`${shop.server.url}/help-center`);
    await waitForHydration(page);
    await expectIslandPage(page, scripts);
    const questions = page.locator("main").getByRole("button");
    const all = await questions.count();
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("payment methods");
    await expect.poll(() => questions.count()).toBeLessThan(all);
    await page.getByRole("button", { name: "Which payment methods do you accept?" }).click();
    await expect(
      page
        .getByText(/PayPal/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("xylophone");
    await page.getByText("No questions match “xylophone”. Try other words, or write to us below.").waitFor();
    await page.close();
  });
});

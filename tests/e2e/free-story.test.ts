import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import { attachmentsOf } from "#tests/support/outbox.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, bringIntoView, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { storyPdf } from "#tests/support/story-pdf.ts";
import { mailsTo } from "#tests/support/test-mail.ts";

/**
 * The owner uploads a free story and sets the social links in Store Settings; a visitor asks for
 * the story from the home page and gets it by e-mail, PDF attached; the footer shows the links set.
 * The tests run in order: each starts where the one before left the shop.
 */
describe("the free story and the social links in a browser", () => {
  const shop = useShop({}, { withOwner: true });
  let owner: Page;
  let story: Buffer;
  beforeAll(async () => {
    owner = await signInOwner(shop, await shop.browser.newContext());
    story = await storyPdf("Jonah and the Big Fish");
  });

  let visitor: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    visitor = await shop.browser.newContext();
    page = await visitor.newPage();
  });
  afterEach(async () => {
    await visitor.close();
  });

  async function openHome(target = page) {
    await target.goto(shop.server.url);
    await waitForHydration(target);
  }
  const heroOffer = () => page.locator("#hero-heading").locator("xpath=..").locator("details");
  const freeStoryButton = () => page.locator("summary", { hasText: "Get a Free Story" });

  async function openSettings() {
    await owner.goto(`${shop.server.url}/admin/settings`);
    await waitForHydration(owner);
  }

  it("hides the button until the owner uploads a story, checked to be a PDF", async () => {
    await openHome();
    expect(await freeStoryButton().count()).toBe(0);

    await openSettings();
    const section = owner.getByRole("region", { name: "Free Story" });
    await section.getByText("No free story is uploaded").waitFor();
    const file = section.getByLabel("Story PDF", { exact: true });
    await file.setInputFiles({ name: "story.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html></html>") });
    await section.getByRole("button", { name: "Upload Story" }).click();
    await expectToast(owner, /^Error saving the free story The file is not a PDF document/);
    await section.getByText("The file is not a PDF document.", { exact: false }).waitFor();
    expect(await file.evaluate((input) => input === document.activeElement)).toBe(true);

    await file.setInputFiles({ name: "Jonah and the Big Fish.pdf", mimeType: "application/pdf", buffer: story });
    await section.getByRole("button", { name: "Upload Story" }).click();
    await expectToast(owner, "Free story saved");
    await section.getByText("Offered now: Jonah and the Big Fish.pdf").waitFor();

    await openHome();
    await freeStoryButton().waitFor();
  });

  it("sets the footer's social links, refusing an address that is not https", async () => {
    await openSettings();
    const section = owner.getByRole("region", { name: "Social Media" });
    await section.getByLabel("Facebook", { exact: true }).fill("http://facebook.com/littlescrolls");
    await owner.getByRole("button", { name: "Save All Changes" }).click();
    await expectToast(
      owner,
      /^Error saving settings The Facebook link must be a full address starting with https:\/\//,
    );
    await section.getByLabel("Facebook", { exact: true }).fill("https://www.facebook.com/littlescrolls");
    await section.getByLabel("YouTube", { exact: true }).fill("https://www.youtube.com/@littlescrolls");
    await section.getByLabel("Link 1 name", { exact: true }).fill("Threads");
    await section.getByLabel("Link 1 address", { exact: true }).fill("https://www.threads.net/@littlescrolls");
    await owner.getByRole("button", { name: "Save All Changes" }).click();
    await expectToast(owner, "Settings Saved!");
    // Saved: the form shows them again, with a new empty pair for another link.
    expect(await section.getByLabel("YouTube", { exact: true }).inputValue()).toBe(
      "https://www.youtube.com/@littlescrolls",
    );
    await section.getByLabel("Link 2 name", { exact: true }).waitFor();
  });

  it("shows a footer button for each link set, opening it in a new tab, and none for the others", async () => {
    for (const path of ["/", "/about-us"]) {
      await page.goto(`${shop.server.url}${path}`);
      const social = page.locator("footer").getByRole("list", { name: "Social media" });
      await bringIntoView(social);
      const links = social.getByRole("link");
      expect(await links.count()).toBe(3);
      const seen = await links.evaluateAll((anchors) =>
        anchors.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]),
      );
      expect(seen).toEqual([
        ["Facebook (opens in a new tab)", "https://www.facebook.com/littlescrolls", "_blank", "noopener"],
        ["YouTube (opens in a new tab)", "https://www.youtube.com/@littlescrolls", "_blank", "noopener"],
        ["Threads (opens in a new tab)", "https://www.threads.net/@littlescrolls", "_blank", "noopener"],
      ]);
      expect(await social.getByRole("link", { name: /Instagram|TikTok|Pinterest|^X / }).count()).toBe(0);
    }
  });

  it("e-mails the story, PDF attached, with the newsletter's confirmation when ticked", async () => {
    await openHome();
    await freeStoryButton().click();
    const form = heroOffer().locator("form");
    const email = form.getByLabel("Email address", { exact: true });
    await email.fill("hannah@example");
    await form.getByRole("button", { name: "Send Me the Story" }).click();
    await expectToast(page, "Could not send the story Please enter a valid email address.");
    await form.getByText("Please enter a valid email address.").waitFor();
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBe("true");

    await email.fill("hannah@example.com");
    const newsletter = form.getByLabel("Also send me the newsletter");
    expect(await newsletter.isChecked()).toBe(false);
    await newsletter.check();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Send Me the Story" }).click();
    await expectToast(page, /^Your free story is on its way!/);
    // The disclosure closes and gives its button the keyboard.
    expect(await heroOffer().getAttribute("open")).toBeNull();
    expect(await freeStoryButton().evaluate((summary) => summary === document.activeElement)).toBe(true);

    // The outbox job sends it within seconds.
    await expect
      .poll(() => mailsTo(shop.dataDir, "hannah@example.com").map((mail) => mail.headers.subject), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          "Your free story from Little Scrolls Press",
          "Please confirm your subscription to Little Scrolls Press",
        ]),
      );
    const mail = mailsTo(shop.dataDir, "hannah@example.com").find((m) => m.headers.subject?.startsWith("Your free"))!;
    const [attachment] = attachmentsOf(shop.dataDir, mail);
    expect(attachment).toMatchObject({ filename: "Jonah and the Big Fish.pdf", contentType: "application/pdf" });
    expect(Buffer.compare(attachment!.bytes, story)).toBe(0);
  });

  it("opens and closes with the keyboard, and fits a phone's screen", async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openHome();
    await freeStoryButton().focus();
    await page.keyboard.press("Enter");
    expect(await heroOffer().getAttribute("open")).toBe("");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.keyboard.press("Escape");
    expect(await heroOffer().getAttribute("open")).toBeNull();
  });

  it("works as a plain form post without scripts", async () => {
    const noScript = await shop.browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(shop.server.url);
      await plain.locator("summary", { hasText: "Get a Free Story" }).click();
      await plain.getByLabel("Email address", { exact: true }).fill("noscript@example.com");
      await plain.getByRole("button", { name: "Send Me the Story" }).click();
      await plain.waitForURL(`${shop.server.url}/free-story`);
      await plain.getByRole("status").getByText("Your free story is on its way!").waitFor();
      await expect.poll(() => mailsTo(shop.dataDir, "noscript@example.com").length, { timeout: 30_000 }).toBe(1);
    } finally {
      await noScript.close();
    }
  });

  it("tells a client past its limit to wait", async () => {
    await openHome();
    // This browser's address has asked before in this file; it asks until the limit answers.
    const statuses = await page.evaluate(async () => {
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        const body = new FormData();
        body.set("email", `family${i}@example.com`);
        answers.push((await fetch("/resources/free-story", { method: "POST", body })).status);
      }
      return answers;
    });
    expect(statuses).toContain(429);
    await freeStoryButton().click();
    await heroOffer().getByLabel("Email address", { exact: true }).fill("one.more@example.com");
    await heroOffer().getByRole("button", { name: "Send Me the Story" }).click();
    await expectToast(page, /^Could not send the story Too many attempts, try again in \d+ seconds?\.$/);
    await heroOffer()
      .getByRole("alert")
      .getByText(/Too many attempts/)
      .waitFor();
  });

  it("hides the button again once the owner removes the story", async () => {
    await openSettings();
    const section = owner.getByRole("region", { name: "Free Story" });
    await section.getByRole("button", { name: "Remove Story" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Remove Story" }).click();
    await expectToast(owner, "Free story removed");
    await section.getByText("No free story is uploaded").waitFor();
    await openHome();
    expect(await freeStoryButton().count()).toBe(0);
  });
});

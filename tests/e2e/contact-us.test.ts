import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { holdRequests } from "#tests/support/held-request.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { waitForHydration } from "#tests/support/storefront-page.ts";
import { expectIslandPage, recordScriptPaths } from "#tests/support/island-page.ts";

const MESSAGE = {
  fullName: "Hannah Reader",
  email: "hannah@example.com",
  subject: "Books for our Sunday school",
  message: "Could we order twelve copies of the Ruth and Naomi book for our class?",
};

/** A form control by its label (the form's section is also named after "Message"). */
function field(page: Page, label: string) {
  return page.locator("main form").getByLabel(label, { exact: true });
}

describe("Contact Us page in a browser", () => {
  const shop = useShop();

  /** What the running server stored, read from its own SQLite file. */
  async function storedMessages() {
    const handle = shop.openDatabase();
    try {
      return await handle.db
        .selectFrom("contact_messages")
        .select(["full_name", "email", "subject", "message", "mail_sent_at"])
        .execute();
    } finally {
      await handle.close();
    }
  }

  /** Opens the page and waits until its islands have hydrated, so the form checks before posting. */
  async function openContactPage(): Promise<Page> {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/contact-us`);
    await waitForHydration(page);
    return page;
  }

  async function fillMessage(page: Page) {
    await field(page, "Full Name").fill(MESSAGE.fullName);
    await field(page, "Email").fill(MESSAGE.email);
    await field(page, "Subject").fill(MESSAGE.subject);
    await field(page, "Message").fill(MESSAGE.message);
  }

  it("is an island page: the islands' script and the form's chunk, no React Router", async () => {
    const page = await shop.browser.newPage();
    const scripts = recordScriptPaths(page);
    await page.goto(`${shop.server.url}/contact-us`);
    await waitForHydration(page);
    await expectIslandPage(page, scripts, "contact-form");
    await page.close();
  });

  it("sends a message: toast, empty form, stored row and a mail in the outbox", async () => {
    const page = await openContactPage();
    await expect(page.title()).resolves.toContain("Contact Us");
    await expect(page.locator("h1").allTextContents()).resolves.toEqual(["Contact Us"]);
    const details = page.locator("main");
    for (const text of ["Sunday – Thursday", "9:00 – 17:00 IST", "Friday", "9:00 – 13:00 IST", "Saturday", "Closed"]) {
      await expect(details.getByText(text, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    await expect(page.locator('main a[href^="mailto:"]').count()).resolves.toBe(1);
    await expect(field(page, "Email").getAttribute("type")).resolves.toBe("email");

    await fillMessage(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = page.getByTestId("toast");
    await toast.getByText("Message Sent!").waitFor();
    await expect(toast.textContent()).resolves.toContain(
      "Thank you for contacting us. We will get back to you shortly.",
    );
    for (const label of ["Full Name", "Email", "Subject", "Message"]) {
      await expect(field(page, label).inputValue()).resolves.toBe("");
    }

    const rows = await storedMessages();
    expect(rows).toEqual([
      {
        full_name: MESSAGE.fullName,
        email: MESSAGE.email,
        subject: MESSAGE.subject,
        message: MESSAGE.message,
        mail_sent_at: expect.any(String),
      },
    ]);
    const outbox = path.join(shop.dataDir, "mail");
    const files = (await readdir(outbox)).filter((file) => file.endsWith(".eml"));
    expect(files).toHaveLength(1);
    await expect(readFile(path.join(outbox, files[0]!), "utf8")).resolves.toContain(MESSAGE.message);
    await page.close();
  });

  it("shows every field's error for an empty form and stores nothing", async () => {
    const before = (await storedMessages()).length;
    const page = await openContactPage();
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = page.getByTestId("toast");
    await toast.getByText("Error", { exact: true }).waitFor();
    await expect(toast.getAttribute("data-variant")).resolves.toBe("destructive");
    await expect(toast.textContent()).resolves.toContain("Please enter your full name.");
    for (const [label, message] of [
      ["Full Name", "Please enter your full name."],
      ["Email", "Please enter your email address."],
      ["Subject", "Please enter a subject."],
      ["Message", "Please enter your message."],
    ] as const) {
      const control = field(page, label);
      await expect(control.getAttribute("aria-invalid")).resolves.toBe("true");
      const errorId = await control.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${errorId}"]`).textContent()).resolves.toBe(message);
    }
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("fullName");
    expect(await storedMessages()).toHaveLength(before);
    await page.close();
  });

  it("sends a message typed before the page's scripts ran, as a plain form", async () => {
    const before = (await storedMessages()).length;
    const page = await shop.browser.newPage();
    // A slow phone: the islands' script arrives after the visitor has typed and sent.
    const script = await holdRequests(page, /\/assets\/islands-client-[^/]*\.js$/);
    await page.goto(`${shop.server.url}/contact-us`);
    await script.arrived;
    await fillMessage(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.locator("main").getByRole("status").getByText("Message Sent!").waitFor();
    await script.release();
    await page.getByTestId("toast").getByText("Message Sent!").waitFor();
    await expect(field(page, "Message").inputValue()).resolves.toBe("");
    expect(await storedMessages()).toHaveLength(before + 1);
    await page.close();
  });

  it("without JavaScript, shows the server's refusal under the field and keeps what was typed", async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/contact-us`);
    await fillMessage(page);
    await field(page, "Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await expect(field(page, "Email").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(field(page, "Message").inputValue()).resolves.toBe(MESSAGE.message);
    await context.close();
  });

  it("answers bad posts that skip the browser's checks with 400 (415 for a body that is not a form), never 500", async () => {
    const before = (await storedMessages()).length;
    const partial = await fetch(`${shop.server.url}/contact-us`, {
      method: "POST",
      body: new URLSearchParams({ fullName: "Hannah", email: "not-an-email", subject: "Hi", message: "Hello" }),
    });
    expect(partial.status).toBe(400);
    await expect(partial.text()).resolves.toContain("Please enter a valid email address.");
    const notAForm = await fetch(`${shop.server.url}/contact-us`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(MESSAGE),
    });
    expect(notAForm.status).toBe(415);
    expect(await storedMessages()).toHaveLength(before);
  });
});

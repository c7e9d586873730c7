import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { holdRequests } from "#tests/support/held-request.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { waitForHydration } from "#tests/support/storefront-page.ts";
import { expectIslandPage, recordScriptPaths } from "#tests/support/island-page.ts";

describe("Track Order in a browser", () => {
  const shop = useShop();

  /** Opens the page and waits until its islands have hydrated, so the form's own checks run. */
  async function openTrackOrder(query = ""): Promise<Page> {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/track-order${query}`);
    // "networkidle" is not enough: on a busy machine the scripts may have loaded while the
    // islands have not hydrated yet, and the form then submits natively.
    await waitForHydration(page);
    return page;
  }

  const orderIdField = (page: Page) => page.getByLabel("Order ID", { exact: true });
  const trackButton = (page: Page) => page.getByRole("button", { name: /Track Now|Searching\.\.\./ });
  const timeline = (page: Page) => page.getByRole("list", { name: "Tracking history" }).getByRole("listitem");
  const toast = (page: Page) => page.getByTestId("toast");
  /** Types `orderId` into the form and presses Track Now. */
  async function track(page: Page, orderId: string) {
    await orderIdField(page).fill(orderId);
    await trackButton(page).click();
  }
  /** The toast's text, once one shows. */
  async function toastText(page: Page) {
    await toast(page).waitFor();
    return toast(page).textContent();
  }

  it("is an island page: the islands' script and the form's chunk, no React Router", async () => {
    const page = await shop.browser.newPage();
    const scripts = recordScriptPaths(page);
    for (const query of ["", "?orderId=ORD-2025-001"]) {
      scripts.length = 0;
      await page.goto(`${shop.server.url}/track-order${query}`);
      await waitForHydration(page);
      await expectIslandPage(page, scripts, "tracking-form", query);
    }
    await page.close();
  });

  it("searches with an id typed before the page's scripts ran, as a plain GET form", async () => {
    const page = await shop.browser.newPage();
    // A slow phone: the islands' script arrives after the visitor has typed and searched.
    const script = await holdRequests(page, /\/assets\/islands-client-[^/]*\.js$/);
    await page.goto(`${shop.server.url}/track-order`);
    await script.arrived;
    await track(page, "ORD-2025-001");
    await page.waitForURL(/orderId=ORD-2025-001/);
    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("Shipped");
    await script.release();
    await page.close();
  });

  it("finds a seeded order: status, estimated delivery and the timeline newest first, without personal data", async () => {
    const page = await openTrackOrder();
    await expect(page.getByText("Awaiting your order ID").isVisible()).resolves.toBe(true);
    await track(page, "ORD-2025-001");
    await page.getByTestId("tracking-status").waitFor();

    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("Shipped");
    expect(new URL(page.url()).searchParams.get("orderId")).toBe("ORD-2025-001");
    await expect(page.getByText("June 12, 2025").isVisible()).resolves.toBe(true);

    const steps = timeline(page);
    await expect(steps.count()).resolves.toBe(4);
    const texts = await steps.allTextContents();
    ["In Transit", "Shipped", "Packed", "Order Placed"].forEach((status, i) => expect(texts[i]).toContain(status));
    expect(texts[0]).toContain("Current status");
    expect(texts[0]).toContain("New York, NY");
    for (const text of texts.slice(1)) expect(text).toContain("Completed");
    await expect(page.getByText("Awaiting your order ID").count()).resolves.toBe(0);

    const result = await page.getByRole("region", { name: "Tracking result" }).textContent();
    expect(result).not.toContain("@");
    await expect(page.content()).resolves.not.toContain("sarah.miller@example.com");
    await expect(trackButton(page).textContent()).resolves.toBe("Track Now");
    await page.close();
  });

  it("says 'Order Not Found' with the id for an unknown order", async () => {
    const page = await openTrackOrder();
    await track(page, "ORD-2099-123");
    const text = await toastText(page);
    expect(text).toContain("Order Not Found");
    expect(text).toContain("We couldn't find any tracking information for order ID ORD-2099-123");
    await expect(toast(page).getAttribute("data-variant")).resolves.toBe("destructive");
    await expect(page.getByText("Awaiting your order ID").isVisible()).resolves.toBe(true);
    // The lookup's problem stays under the field once the toast has gone.
    await expect(orderIdField(page).getAttribute("aria-invalid")).resolves.toBe("true");
    const problem = page.locator(
      `[id="${await orderIdField(page)
        .getAttribute("aria-describedby")
        .then((ids) => ids?.split(" ").at(-1))}"]`,
    );
    await expect(problem.textContent()).resolves.toContain("Please check the ID and try again.");
    await page.close();
  });

  it("refuses an empty order id in the browser, without a lookup", async () => {
    const page = await openTrackOrder();
    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("orderId")) lookups.push(request.url());
    });
    await track(page, "   ");
    const text = await toastText(page);
    expect(text).toContain("Order ID required");
    expect(text).toContain("Please enter an order ID to track.");
    await expect(page.getByText("Awaiting your order ID").isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).search).toBe("");
    expect(lookups).toEqual([]);
    await page.close();
  });

  it("looks the order up straight from ?orderId= in the address, without a click", async () => {
    const page = await openTrackOrder("?orderId=ORD-2025-002");
    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("Processing");
    await expect(orderIdField(page).inputValue()).resolves.toBe("ORD-2025-002");
    const texts = await timeline(page).allTextContents();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("Processing");
    expect(texts[1]).toContain("Order Placed");
    await page.close();
  });

  it("goes back to the previous lookup with the back button", async () => {
    const page = await openTrackOrder("?orderId=ORD-2025-002");
    await track(page, "ord-2025-003");
    await page.waitForURL(/orderId=ord-2025-003/);
    await page.getByText("Order ORD-2025-003").waitFor();
    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("Delivered");
    await page.goBack();
    await page.getByText("Order ORD-2025-002").waitFor();
    await expect(page.getByTestId("tracking-status").textContent()).resolves.toBe("Processing");
    await expect(orderIdField(page).inputValue()).resolves.toBe("ORD-2025-002");
    await page.close();
  });

  it("fits a 360px wide screen", async () => {
    const page = await shop.browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${shop.server.url}/track-order?orderId=ORD-2025-001`);
    await page.getByTestId("tracking-status").waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { waitForHydration } from "#tests/support/storefront-page.ts";

describe("Track Order in a browser", () => {
  const shop = useShop();

  /** Opens the page and waits until React has hydrated it, so the form's own checks run. */
  async function openTrackOrder(query = ""): Promise<Page> {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/track-order${query}`);
    // "networkidle" is not enough: on a busy machine the module scripts may have loaded
    // while React has not hydrated yet, and the form then submits natively.
    await waitForHydration(page);
    return page;
  }

  const orderIdField = (page: Page) => page.getByLabel("Order ID", { exact: true });
  const trackButton = (page: Page) => page.getByRole("button", { name: /Track Now|Searching\.\.\./ });
  const timeline = (page: Page) => page.getByRole("list", { name: "Tracking history" }).getByRole("listitem");
  const toast = (page: Page) => page.getByTestId("toast");

  it("finds a seeded order: status, estimated delivery and the timeline newest first, without personal data", async () => {
    const page = await openTrackOrder();
    await expect(page.getByText("Awaiting your order ID").isVisible()).resolves.toBe(true);
    await orderIdField(page).fill("ORD-2025-001");
    await trackButton(page).click();
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
    await orderIdField(page).fill("ORD-2099-123");
    await trackButton(page).click();
    await toast(page).waitFor();
    const text = await toast(page).textContent();
    expect(text).toContain("Order Not Found");
    expect(text).toContain("We couldn't find any tracking information for order ID ORD-2099-123");
    await expect(toast(page).getAttribute("data-variant")).resolves.toBe("destructive");
    await expect(page.getByText("Awaiting your order ID").isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("refuses an empty order id in the browser, without a lookup", async () => {
    const page = await openTrackOrder();
    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("orderId")) lookups.push(request.url());
    });
    await orderIdField(page).fill("   ");
    await trackButton(page).click();
    await toast(page).waitFor();
    const text = await toast(page).textContent();
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
    await orderIdField(page).fill("ord-2025-003");
    await trackButton(page).click();
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

import type { BrowserContext, Locator, Page } from "playwright-core";
import { waitForHydration } from "./storefront-page.ts";

/** Order Management in a new page of a signed-in admin's `context`, hydrated. */
export async function openAdminOrders(
  context: BrowserContext,
  shopUrl: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${shopUrl}/admin/orders`);
  await waitForHydration(page);
  return page;
}

/** Opens an order's details from the list on `page`: the dialog, once it shows that order. */
export async function openOrderDetails(page: Page, orderId: string): Promise<Locator> {
  await page.getByRole("button", { name: `View details of order ${orderId}` }).click();
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  await dialog.getByTestId("order-details-id").filter({ hasText: orderId }).waitFor();
  return dialog;
}

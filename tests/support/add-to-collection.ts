import type { Page } from "playwright-core";
import { expectToast } from "./storefront-page.ts";

/** Adds the first book or set of a home page section (`#books`, `#pricing`) to the cart, and waits for its toast. */
export async function addFirstToCollection(page: Page, section: "#books" | "#pricing"): Promise<void> {
  await page
    .locator(section)
    .getByRole("button", { name: /Add to Collection/ })
    .first()
    .click();
  await expectToast(page, "Added to Collection!");
}

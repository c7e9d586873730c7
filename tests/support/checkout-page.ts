import type { Page } from "playwright-core";
import { TEST_BUYER_ADDRESS } from "./test-orders.ts";

/**
 * Types a buyer into the /checkout form: the e-mail and name when given, then the address
 * (TEST_BUYER_ADDRESS's street, city, region and postal code unless given).
 */
export async function fillCheckoutAddress(
  page: Page,
  values: { email?: string; fullName?: string; street?: string; city?: string; region?: string; postalCode?: string },
): Promise<void> {
  const field = (label: string) => page.locator("main").getByLabel(label, { exact: true });
  const address = { ...TEST_BUYER_ADDRESS, ...values };
  if (values.email !== undefined) await field("Email").fill(values.email);
  if (values.fullName !== undefined) await field("Full Name").fill(values.fullName);
  await field("Street Address").fill(address.street);
  await field("City").fill(address.city);
  await field("State / Region").fill(address.region);
  await field("ZIP / Postal Code").fill(address.postalCode);
}

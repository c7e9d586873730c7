import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { Shop } from "./shop-fixture.ts";
import { waitForHydration } from "./storefront-page.ts";

export const OWNER_EMAIL = "owner@example.com";
export const OWNER_PASSWORD = "Shepherd-Psalm-23-Still-Waters";

/**
 * The owner's admin account, made through the one-time setup link the server prints, then
 * signed in on /login in `context`. Returns the page, left on /admin. Once per file: later
 * pages of `context` share the session.
 */
export async function setUpOwnerAndSignIn(shop: Shop, context: BrowserContext): Promise<Page> {
  const token = shop.server.output().match(/\/setup\?token=([\w-]+)/)?.[1];
  expect(token).toBeDefined();
  const page = await context.newPage();
  const field = (label: string) => page.locator("main").getByLabel(label, { exact: true });
  await page.goto(`${shop.server.url}/setup?token=${token}`);
  await waitForHydration(page);
  await field("Email").fill(OWNER_EMAIL);
  await field("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Create Admin Account" }).click();
  await page.waitForURL(`${shop.server.url}/login`);
  await waitForHydration(page);
  await field("Email").fill(OWNER_EMAIL);
  await field("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${shop.server.url}/admin`);
  return page;
}

import type { Page } from "playwright-core";
import { waitForHydration } from "./storefront-page.ts";

/**
 * Signs `email` up through the /signup page at `origin`, as a visitor does, and waits for the
 * move to /login that says the account exists. The toast, where a test reads it, is its own.
 */
export async function signUpInBrowser(page: Page, origin: string, email: string, password: string): Promise<void> {
  const field = (label: string) => page.locator("main").getByLabel(label, { exact: true });
  await page.goto(`${origin}/signup`);
  await waitForHydration(page);
  await field("Email").fill(email);
  await field("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(/\/login/);
}

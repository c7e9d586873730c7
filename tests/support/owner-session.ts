import type { BrowserContext, Page } from "playwright-core";
import { OWNER_EMAIL, OWNER_PASSWORD } from "./e2e-template.ts";
import type { Shop } from "./shop-fixture.ts";
import { waitForHydration } from "./storefront-page.ts";

/**
 * Signs `context` in as the shop's owner, an admin account the file's database already holds
 * (`useShop(env, { withOwner: true })`: the owner was made once per run through the setup link,
 * which accounts.test.ts tests in the browser). The sign-in itself is one post to /login, as the
 * form makes it; its session cookie goes into `context`. Returns a page of `context` on /admin.
 */
export async function signInOwner(shop: Shop, context: BrowserContext): Promise<Page> {
  const response = await fetch(`${shop.server.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: OWNER_EMAIL, password: OWNER_PASSWORD }),
    redirect: "manual",
  });
  if (response.headers.get("location") !== "/admin") {
    throw new Error(`The owner's sign-in answered ${response.status}: ${await response.text()}`);
  }
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    // The "Signed in" toast is the browser sign-in's; these tests start on /admin without it.
    .filter((pair) => !pair.startsWith("shop_flash="))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }));
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: shop.server.url })));
  const page = await context.newPage();
  await page.goto(`${shop.server.url}/admin`);
  if (new URL(page.url()).pathname !== "/admin") throw new Error(`The owner's session was refused: ${page.url()}`);
  return page;
}

/** Signs `context` in as the owner (see `signInOwner`) and opens `pathname` there, hydrated. */
export async function openAsOwner(shop: Shop, context: BrowserContext, pathname: string): Promise<Page> {
  const page = await signInOwner(shop, context);
  await page.goto(`${shop.server.url}${pathname}`);
  await waitForHydration(page);
  return page;
}

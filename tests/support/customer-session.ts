import type { BrowserContext } from "playwright-core";

/** A customer's e-mail address and password, as the sign-up form takes them. */
export interface CustomerAccount {
  email: string;
  password: string;
}

function postForm(origin: string, path: string, fields: Record<string, string>) {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * Signs a new customer up and in through the shop's own forms (one post each, as a browser without
 * scripts makes them); the Cookie header of the session, without the sign-in's toast.
 */
export async function newCustomerSession(origin: string, account: CustomerAccount): Promise<string> {
  const signedUp = await postForm(origin, "/signup", { ...account });
  if (signedUp.status !== 302) throw new Error(`The sign-up answered ${signedUp.status}`);
  const signedIn = await postForm(origin, "/login", { ...account });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((pair) => pair.split(";")[0]!)
    .filter((pair) => !pair.startsWith("shop_flash="))
    .join("; ");
  if (signedIn.status !== 302 || !cookie.includes("session_token")) {
    throw new Error(`The sign-in answered ${signedIn.status}`);
  }
  return cookie;
}

/** Puts a Cookie header's pairs into a browser context, for `origin`. */
export async function addCookieHeader(context: BrowserContext, origin: string, cookie: string): Promise<void> {
  await context.addCookies(
    cookie.split("; ").map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
      url: origin,
    })),
  );
}

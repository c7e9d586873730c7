import { createAdminAccount } from "#server/accounts/create-admin-account.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import type { TestApp } from "./test-app.ts";

export const CUSTOMER = { email: "customer@example.com", password: "Mustard-Seed-Faith-42" };
export const ADMIN = { email: "admin@example.com", password: "Still-Waters-Green-Pastures" };

/** Creates the account and signs it in; returns the Cookie header of its session. */
export async function sessionCookie(t: TestApp, who: "customer" | "admin"): Promise<string> {
  const request = { headers: new Headers(), clientAddress: "192.0.2.1" };
  const account = who === "admin" ? ADMIN : CUSTOMER;
  if (who === "admin") await createAdminAccount(t.services, account);
  else await signUp(t.services, account, request);
  const { headers } = await signIn(t.services, account, request);
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

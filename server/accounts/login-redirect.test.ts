import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { cookieOf } from "#tests/support/auth-request.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

/** Return paths that the URL parser resolves to "//evil.example", another host. */
const OFF_SITE = [
  "/.//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "//evil.example",
  "/\t/evil.example",
];
const CREDENTIALS = { email: "customer@example.com", password: "Mustard-Seed-Faith-42" };

// The /login page through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("the way back after signing in on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  it("never sends a signed-in customer to another site", async () => {
    setT(await createTestApp(engine));
    const request = { headers: new Headers(), clientAddress: "192.0.2.1" };
    await signUp(t.services, { ...CREDENTIALS, ...request });
    const { headers } = await signIn(t.services, { ...CREDENTIALS, ...request });
    const cookie = cookieOf(headers);
    for (const target of OFF_SITE) {
      const response = await t.app.request(`/login?redirectTo=${encodeURIComponent(target)}`, { headers: { cookie } });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/account");
    }
    const home = await t.app.request(`/login?redirectTo=${encodeURIComponent("/track-order?orderId=ORD-1")}`, {
      headers: { cookie },
    });
    expect(home.headers.get("location")).toBe("/track-order?orderId=ORD-1");
  });

  /** Posts the sign-in form with the customer's credentials and `redirectTo`. */
  const signInRedirectingTo = (redirectTo: string) =>
    t.app.request("/login", {
      method: "POST",
      body: new URLSearchParams({ ...CREDENTIALS, redirectTo }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("sends someone who just signed in back home rather than to another site", async () => {
    setT(await createTestApp(engine));
    await signUp(t.services, { ...CREDENTIALS, headers: new Headers(), clientAddress: "192.0.2.1" });
    for (const target of OFF_SITE) {
      const response = await signInRedirectingTo(target);
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });

  it("never sends a customer who just signed in into the admin area, however its address is spelled", async () => {
    setT(await createTestApp(engine));
    await signUp(t.services, { ...CREDENTIALS, headers: new Headers(), clientAddress: "192.0.2.1" });
    for (const target of [
      "/admin",
      "/admin/books?page=2",
      "/ADMIN/books",
      "/Admin",
      "/%61dmin/orders",
      "/admin.data",
    ]) {
      const response = await signInRedirectingTo(target);
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/account");
    }
  });
});

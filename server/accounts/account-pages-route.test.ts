import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
const CREDENTIALS = { email: "customer@example.com", password: "Mustard-Seed-Faith-42" };

// The sign-in and password pages through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("the sign-in and password pages on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  it("are island pages: their forms are islands and React Router's scripts are left out", async () => {
    setT(await createTestApp(engine));
    for (const [path, island] of [
      ["/login", "sign-in-form"],
      ["/signup", "sign-up-form"],
      ["/forgot-password", "forgot-password-form"],
      ["/reset-password?token=abc", "reset-password-form"],
    ] as const) {
      const html = await (await t.app.request(path, { headers: { accept: "text/html" } })).text();
      expect(html, path).toContain(`data-island="${island}"`);
      expect(html, path).not.toContain("__reactRouterContext");
    }
  });

  it("answers a refused sign-in with the page again, the typed address, and no toast left for the next page", async () => {
    setT(await createTestApp(engine));
    await signUp(t.services, { ...CREDENTIALS, headers: new Headers(), clientAddress: "192.0.2.1" });
    const body = new URLSearchParams({ email: CREDENTIALS.email, password: "not-the-password" }).toString();
    const response = await t.app.request("/login", { method: "POST", body, headers: FORM });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join()).not.toContain("shop_flash=");
    const html = await response.text();
    expect(html).toContain("Invalid email or password.");
    expect(html).toContain(`value="${CREDENTIALS.email}"`);
  });

  it("sends a requested reset link back to the page with a toast, and refuses a bad address in place", async () => {
    setT(await createTestApp(engine));
    const sent = await t.app.request("/forgot-password", {
      method: "POST",
      body: new URLSearchParams({ email: "nobody@example.com" }).toString(),
      headers: FORM,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/forgot-password?sent=1");
    expect(sent.headers.getSetCookie().join()).toContain("shop_flash=");

    const refused = await t.app.request("/forgot-password", {
      method: "POST",
      body: new URLSearchParams({ email: "not-an-address" }).toString(),
      headers: FORM,
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.getSetCookie().join()).not.toContain("shop_flash=");
    expect(await refused.text()).toContain("Please enter a valid email address.");
  });
});

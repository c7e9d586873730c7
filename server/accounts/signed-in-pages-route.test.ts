import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };

// The signed-in pages and the other storefront pages of issue 30 through the real app and build
// (needs `npm run build`): island pages (decision 21) whose forms post as documents.
describe.each(TEST_ENGINES)("the signed-in storefront pages on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const page = (path: string, cookie?: string) =>
    t.app.request(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    t.app.request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { ...FORM, cookie } });

  it("are island pages: React Router's scripts are left out, each form is an island", async () => {
    setT(await createTestApp(engine));
    const cookie = await signedInCookie(t.services, "reader@example.com");
    for (const [path, islands, status] of [
      ["/account", ["post-button"], 200],
      ["/edit-profile", ["profile-form"], 200],
      ["/order-history", [], 200],
      ["/reset-password", ["reset-password-form"], 200],
      ["/verify-email?token=abc", ["post-button"], 200],
      ["/newsletter/confirm?token=abc", ["post-button"], 200],
      ["/newsletter/unsubscribe?token=abc", ["post-button"], 200],
      ["/no-such-page", [], 404],
    ] as const) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html, path).not.toContain("__reactRouterContext");
      expect(html, path).toContain('data-island="cart-sheet"');
      for (const island of islands) expect(html, path).toContain(`data-island="${island}"`);
    }
  });

  it("saves a profile back to the page with a toast, and refuses one in place with what was typed and no toast left for the next page", async () => {
    setT(await createTestApp(engine));
    const first = await signedInCookie(t.services, "boaz@example.com");
    const saved = await post("/edit-profile", { fullName: "Boaz", username: "boaz", website: "" }, first);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/edit-profile");
    expect(saved.headers.getSetCookie().join()).toContain("shop_flash=");
    expect(await (await page("/edit-profile", first)).text()).toContain('value="boaz"');

    const second = await signedInCookie(t.services, "ruth@example.com");
    const refused = await post("/edit-profile", { fullName: "Ruth of Moab", username: "BOAZ", website: "" }, second);
    expect(refused.status).toBe(409);
    expect(refused.headers.getSetCookie().join()).not.toContain("shop_flash=");
    const html = await refused.text();
    expect(html).toContain("That username is already taken. Please choose another one.");
    expect(html).toContain('value="Ruth of Moab"');
    expect(html).toContain('value="BOAZ"');
  });

  it("answers a refused Send the link again with the page and its toast, and no toast left for the next page", async () => {
    setT(await createTestApp(engine));
    const cookie = await signedInCookie(t.services, "naomi@example.com");
    let refused: Response | undefined;
    for (let i = 0; i < 5 && refused === undefined; i++) {
      const response = await post("/account", {}, cookie);
      if (response.status !== 200) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(refused!.headers.getSetCookie().join()).not.toContain("shop_flash=");
    const html = await refused!.text();
    expect(html).toContain('data-island="server-toast"');
    expect(html).toMatch(/Too many attempts, try again in \d+ seconds?\./);
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

const PUBLIC_URL = "https://shop.example";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(TEST_ENGINES)("requests from other sites on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  /** The app as it runs behind a TLS proxy: the server itself sees http://localhost. */
  async function start() {
    setT(await createTestApp(engine, { env: { PUBLIC_URL } }));
  }

  async function customerCookie() {
    const request = { headers: new Headers(), clientAddress: "192.0.2.1" };
    const credentials = { email: "customer@example.com", password: "Mustard-Seed-Faith-42" };
    await signUp(t.services, { ...credentials, ...request });
    const { headers } = await signIn(t.services, { ...credentials, ...request });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  const isSignedIn = async (cookie: string) =>
    (await t.app.request("/account", { headers: { cookie } })).status === 200;
  const subscribers = () => t.services.db.selectFrom("email_subscribers").select("email").execute();
  /** A contact message posted to the page at `path`, as if sent from `origin`. */
  const postContactMessage = (path: string, origin: string, message: Record<string, string>) =>
    t.app.request(path, {
      method: "POST",
      body: new URLSearchParams(message).toString(),
      headers: { ...FORM, origin },
    });
  const subscribe = (email: string, headers: Record<string, string>) =>
    t.app.request("/resources/subscribe", {
      method: "POST",
      body: new URLSearchParams({ email }).toString(),
      headers: { ...FORM, ...headers },
    });

  it("refuses a sign-out posted from another site (403) and keeps the session", async () => {
    await start();
    const cookie = await customerCookie();
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      for (const path of ["/resources/sign-out", "/resources/sign-out.data"]) {
        const response = await t.app.request(path, { method: "POST", headers: { ...headers, cookie } });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    }
    expect(await isSignedIn(cookie)).toBe(true);
    // From the site itself, the same post signs out.
    const own = await t.app.request("/resources/sign-out", { method: "POST", headers: { origin: PUBLIC_URL, cookie } });
    expect(own.status).toBe(302);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it("refuses a subscription posted from another site and subscribes from the site itself or without a browser", async () => {
    await start();
    expect((await subscribe("forged@example.com", { origin: "https://evil.example" })).status).toBe(403);
    expect((await subscribe("forged@example.com", { origin: "https://shop.example.evil.example" })).status).toBe(403);
    expect((await subscribe("forged@example.com", { origin: "http://shop.example" })).status).toBe(403);
    expect((await subscribe("forged@example.com", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await subscribers()).toEqual([]);

    expect((await subscribe("own@example.com", { origin: PUBLIC_URL, "sec-fetch-site": "same-origin" })).status).toBe(
      200,
    );
    // The address the request was sent to is this site too (development server, tests).
    expect((await subscribe("local@example.com", { origin: "http://localhost" })).status).toBe(200);
    // No browser headers at all: curl, a mail client's one-click unsubscribe, a webhook.
    expect((await subscribe("curl@example.com", {})).status).toBe(200);
    expect((await subscribers()).map((s) => s.email).sort()).toEqual([
      "curl@example.com",
      "local@example.com",
      "own@example.com",
    ]);
  });

  it("refuses page form posts from other sites before the action runs, with a warning and no error", async () => {
    await start();
    const forged = { fullName: "Eve", email: "eve@example.com", subject: "Hi", message: "Forged" };
    for (const path of ["/contact-us", "/contact-us.data"]) {
      const response = await postContactMessage(path, "https://evil.example", forged);
      expect(response.status, path).toBe(403);
    }
    expect(await t.services.db.selectFrom("contact_messages").select("id").execute()).toEqual([]);
    const refused = t.logs.filter((l) => l.msg === "cross-site request refused");
    expect(refused).toHaveLength(2);
    expect(refused.every((l) => l.level === 40 && l.origin === "https://evil.example")).toBe(true);
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it("accepts a page form post from the site's public address even though the server sees another one", async () => {
    await start();
    const message = { fullName: "Ruth", email: "ruth@example.com", subject: "Books", message: "Hello there, friends." };
    // A sent message redirects back to the page (a data request gets React Router's 202 redirect).
    for (const [path, status] of [
      ["/contact-us", 302],
      ["/contact-us.data", 202],
    ] as const) {
      const response = await postContactMessage(path, PUBLIC_URL, message);
      expect(response.status, path).toBe(status);
    }
    expect(await t.services.db.selectFrom("contact_messages").select("id").execute()).toHaveLength(2);
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});

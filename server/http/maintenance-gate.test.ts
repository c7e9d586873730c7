import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { listNewestBooks } from "#server/books/list-books.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie, TEST_PASSWORD } from "#tests/support/test-sessions.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const OWNER = "owner@example.com";
const PASSWORD = TEST_PASSWORD;
const BANNER = "The shop is closed to visitors";

describe.each(TEST_ENGINES)("the shop closed for maintenance on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  async function start({ maintenance = true } = {}) {
    setT(await createTestApp(engine));
    await t.services.db.updateTable("store_settings").set({ enable_maintenance_mode: maintenance }).execute();
  }
  const cookieOf = (email: string) => signedInCookie(t.services, email, { admin: email === OWNER });
  const post = (target: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.request(target, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { ...FORM, ...headers },
    });
  const outbox = () => {
    const dir = path.join(t.testDb.dataDir, "mail");
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  };
  /** Titles and order details that must not leave the server while the shop is closed. */
  async function catalogueMarkers() {
    const books = await listNewestBooks(t.services, { limit: 100 });
    return [...books.flatMap((b) => [b.title, b.title.replace(/'/g, "&#x27;"), b.slug]), "In Transit", "ORD-2025-001"];
  }
  function expectClosed(response: Response, body: string, markers: string[], label: string) {
    expect(response.status, label).toBe(503);
    expect(response.headers.get("retry-after"), label).toBe("3600");
    expect(response.headers.get("cache-control"), label).toBe("no-store");
    for (const marker of markers) expect(body, `${label} carries ${marker}`).not.toContain(marker);
  }

  it("shows visitors the Coming Soon page for every page, without loading the page's data", async () => {
    await start();
    const markers = await catalogueMarkers();
    const [book] = await listNewestBooks(t.services, { limit: 1 });
    const customer = await cookieOf("customer@example.com");
    for (const page of [
      "/",
      `/books/${book!.slug}`,
      "/track-order?orderId=ORD-2025-001",
      "/no/such/page",
      "/Books/X/",
      "/account",
    ]) {
      for (const headers of [{}, { cookie: customer }] as Record<string, string>[]) {
        const response = await t.app.request(page, { headers });
        const html = await response.text();
        expectClosed(response, html, markers, page);
        expect(html).toContain("Coming Soon");
        expect(html).toContain('action="/resources/subscribe"');
        expect(html).toContain('href="/login"');
        // An island page (decision 21): the newsletter form is an island, React Router is not loaded.
        expect(html).toContain('data-island="newsletter-form"');
        expect(html).not.toContain("__reactRouterContext");
      }
    }
  });

  it("answers data requests and resource routes with 503 and nothing of the catalogue or orders", async () => {
    await start();
    const markers = await catalogueMarkers();
    const [book] = await listNewestBooks(t.services, { limit: 1 });
    const closed = [
      `/books/${book!.slug}.data`,
      `/books/${book!.slug}/_.data`,
      "/track-order.data?orderId=ORD-2025-001",
      "/_.data",
      "/resources/books",
      "/RESOURCES/BOOKS",
      "/Resources/books",
      "/resources/books/",
      "/%72esources/books",
      "/sitemap.xml",
      "/SITEMAP.XML",
      "/sitemap.xml/",
      "/robots.txt",
      "/sitemap",
      "/__coming-soon.data",
    ];
    for (const target of closed) {
      const response = await t.app.request(target);
      expectClosed(response, await response.text(), markers, target);
    }
  });

  it("runs no visitor's form action: no account, no stored message, no mail", async () => {
    await start();
    const users = await t.services.db.selectFrom("user").select("id").execute();
    const signup = { email: "new@example.com", password: PASSWORD, confirmPassword: PASSWORD };
    const contact = { fullName: "Eve", email: "eve@example.com", subject: "Hello", message: "A message for the shop." };
    for (const [target, fields] of [
      ["/signup", signup],
      ["/signup.data", signup],
      ["/SignUp/", signup],
      ["/contact-us", contact],
      ["/contact-us.data", contact],
      ["/Contact-Us/_.data", contact],
      ["/account", { fullName: "X" }],
    ] as const) {
      const response = await post(target, fields);
      expectClosed(response, await response.text(), [], target);
    }
    // Any mail a request had started would be in the outbox once these settle.
    await t.services.backgroundTasks.settled();
    expect(await t.services.db.selectFrom("user").select("id").execute()).toEqual(users);
    expect(await t.services.db.selectFrom("contact_messages").select("id").execute()).toEqual([]);
    expect(outbox()).toEqual([]);
  });

  it("keeps sign-in, password reset and the launch list open to everyone", async () => {
    await start();
    await cookieOf("customer@example.com");
    // Signing up e-mails a verification link, written in the background: let it land first.
    await t.services.backgroundTasks.settled();
    expect(outbox()).toHaveLength(1);
    for (const page of [
      "/login",
      "/LOGIN/",
      "/login.data",
      "/forgot-password",
      "/Forgot-Password/",
      "/reset-password?token=x",
    ]) {
      expect((await t.app.request(page)).status, page).toBe(200);
    }
    const signedIn = await post("/login", { email: "customer@example.com", password: PASSWORD });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().join()).toContain("session_token");

    const sent = await post("/forgot-password", { email: "customer@example.com" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/forgot-password?sent=1");
    await t.services.backgroundTasks.settled();
    expect(outbox()).toHaveLength(2);

    expect((await post("/resources/subscribe", { email: "launch@example.com" })).status).toBe(200);
    expect((await post("/Resources/Subscribe/", { email: "second@example.com" })).status).toBe(200);
    const subscribers = await t.services.db.selectFrom("email_subscribers").select("email").orderBy("email").execute();
    expect(subscribers.map((s) => s.email)).toEqual(["launch@example.com", "second@example.com"]);
  });

  it("lets admins see and use the whole site and admin area, with a banner on every page", async () => {
    await start();
    const admin = await cookieOf(OWNER);
    const [book] = await listNewestBooks(t.services, { limit: 1 });
    for (const page of ["/", `/books/${book!.slug}`, "/admin", "/admin/books", "/admin/coming-soon"]) {
      const response = await t.app.request(page, { headers: { cookie: admin } });
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain(BANNER);
    }
    const data = await t.app.request(`/books/${book!.slug}.data`, { headers: { cookie: admin } });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(book!.title);
    const off = await post("/admin/coming-soon", { enableMaintenanceMode: "" }, { cookie: admin });
    expect(off.status).toBe(200);
    expect((await t.app.request("/")).status).toBe(200);
  });

  it("shows no banner while the shop is open, and no Coming Soon route", async () => {
    await start({ maintenance: false });
    const admin = await cookieOf(OWNER);
    expect(await (await t.app.request("/", { headers: { cookie: admin } })).text()).not.toContain(BANNER);
    expect((await t.app.request("/__coming-soon")).status).toBe(404);
  });
});

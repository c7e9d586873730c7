import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#server/accounts/sign-in.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

/** Every admin page, its data request, and every admin form action the screens post. */
const ADMIN_PAGES = [
  "/admin",
  "/admin/books",
  "/admin/coming-soon",
  "/admin/customers",
  "/admin/orders",
  "/admin/settings",
  "/admin/subscribers",
  "/admin/messages",
  "/admin/books/import",
  "/admin/bundles",
];
const ADMIN_ACTIONS: [string, Record<string, string>][] = [
  ["/admin/books", { intent: "create", title: "Hacked", author: "X", description: "X", price: "1" }],
  ["/admin/books", { intent: "delete", id: "any" }],
  [
    "/admin/bundles",
    {
      intent: "create",
      name: "Hacked",
      description: "X",
      price: "1",
      "parts.0.bookId": "any",
      "parts.0.quantity": "1",
    },
  ],
  ["/admin/bundles", { intent: "delete", id: "pkg-disciple" }],
  ["/admin/books", { intent: "update", id: "any", title: "Hacked", author: "X", description: "X", price: "1" }],
  ["/admin/customers", { intent: "delete", customerId: "any" }],
  ["/admin/orders", { intent: "status", orderId: "ORD-2025-001", status: "Cancelled" }],
  [
    "/admin/settings",
    { storeName: "Hacked", contactEmail: "evil@example.com", currency: "USD", enableMaintenanceMode: "on" },
  ],
  ["/admin/coming-soon", { enableMaintenanceMode: "on" }],
  ["/admin/subscribers", { intent: "delete", id: "any" }],
  ["/admin/books/import", { file: "title,author,description,price\nHacked,X,X,1\n" }],
  ["/admin/orders", { intent: "bulk-mark-shipped", orderIds: "ORD-2025-002" }],
  ["/admin/subscribers", { intent: "remove-selected", subscriberIds: "any" }],
];

/** The admin area under other spellings React Router still matches (case, escapes, slashes). */
const ADMIN_VARIANT_PAGES = [
  "/ADMIN/books",
  "/%41DMIN/books",
  "/admin/",
  "/Admin/Books",
  "/admin/Books/",
  "/%61dmin/%62ooks",
];

describe.each(TEST_ENGINES)("admin authorization on %s", (engine) => {
  let t: TestApp;
  let customerCookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const request = { headers: new Headers(), clientAddress: "192.0.2.1" };
    await signUp(t.services, { email: "customer@example.com", password: "Mustard-Seed-Faith-42", ...request });
    const { headers } = await signIn(t.services, {
      email: "customer@example.com",
      password: "Mustard-Seed-Faith-42",
      ...request,
    });
    customerCookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function snapshot() {
    const db = t.services.db;
    return JSON.stringify({
      books: await db.selectFrom("books").select(["id", "title", "price_cents"]).orderBy("id").execute(),
      users: await db.selectFrom("user").select(["id", "role"]).orderBy("id").execute(),
      orders: await db.selectFrom("orders").select(["id", "status"]).orderBy("id").execute(),
      settings: await db.selectFrom("store_settings").selectAll().execute(),
      subscribers: await db.selectFrom("email_subscribers").select("id").execute(),
    });
  }

  it("sends visitors to /login and customers to /account when they open an admin page", async () => {
    for (const path of ADMIN_PAGES) {
      const visitor = await t.app.request(path);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const customer = await t.app.request(path, { headers: { cookie: customerCookie } });
      expect(customer.status, path).toBe(302);
      expect(customer.headers.get("location")).toBe("/account");
    }
  });

  it("keeps pages made for a signed-in person out of every cache", async () => {
    const account = await t.app.request("/account", { headers: { cookie: customerCookie } });
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers every admin data request with 401 for visitors and 403 for customers", async () => {
    for (const path of [
      ...ADMIN_PAGES.map((p) => `${p}.data`),
      "/admin/subscribers.csv",
      "/admin/orders.csv",
      "/admin/books.csv",
    ]) {
      expect((await t.app.request(path)).status, path).toBe(401);
      const customer = await t.app.request(path, { headers: { cookie: customerCookie } });
      expect(customer.status, path).toBe(403);
      expect(await customer.text()).not.toContain("@example.com");
    }
  });

  /** Posts a form body to `target`, signed in when a cookie is given. */
  const post = (target: string, body: string, cookie?: string) =>
    t.app.request(target, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    });

  it("refuses every admin action from visitors (401) and customers (403) and changes nothing", async () => {
    const before = await snapshot();
    for (const [path, fields] of ADMIN_ACTIONS) {
      for (const target of [path, `${path}.data`]) {
        const body = new URLSearchParams(fields).toString();
        expect((await post(target, body)).status, target).toBe(401);
        expect((await post(target, body, customerCookie)).status, target).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("guards every spelling of the admin area that reaches an admin route", async () => {
    for (const page of ADMIN_VARIANT_PAGES) {
      const visitor = await t.app.request(page);
      expect(visitor.status, page).toBe(302);
      expect(visitor.headers.get("location"), page).toMatch(/^\/login\?redirectTo=/);
      const customer = await t.app.request(page, { headers: { cookie: customerCookie } });
      expect(customer.headers.get("location"), page).toBe("/account");
    }
    const dataRequests = [
      "/ADMIN/books.data",
      "/%41DMIN/books.data",
      "/admin/_.data",
      "/Admin/Books.data",
      "/admin/Books/_.data",
      "/ADMIN/SUBSCRIBERS.CSV",
    ];
    for (const path of dataRequests) {
      const visitor = await t.app.request(path);
      expect(visitor.status, path).toBe(401);
      expect(await visitor.json(), path).toEqual({ error: "Please sign in." });
      const customer = await t.app.request(path, { headers: { cookie: customerCookie } });
      expect(customer.status, path).toBe(403);
      expect(await customer.text()).not.toContain("@example.com");
    }
  });

  it("refuses admin actions posted to any spelling of the admin area, changing nothing", async () => {
    const before = await snapshot();
    const body = new URLSearchParams({
      intent: "create",
      title: "Hacked",
      author: "X",
      description: "X",
      price: "1",
    }).toString();
    for (const target of [
      ...ADMIN_VARIANT_PAGES,
      "/ADMIN/books.data",
      "/%41DMIN/books.data",
      "/Admin/Coming-Soon.data",
    ]) {
      expect((await post(target, body)).status, target).toBe(401);
      expect((await post(target, body, customerCookie)).status, target).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";

/**
 * Malformed bodies and odd values against every action, and odd values against every query
 * parameter a loader reads, as a visitor, a customer and an admin. Whatever arrives: no 5xx, no
 * error-level log line, and the data exactly as before. A fixed list of cases, not random ones,
 * so a failure always reproduces.
 */

/** Every route module with an action, each intent of the admin screens, and the fields each reads. */
const ACTIONS: { path: string; fields: Record<string, string | null> }[] = [
  { path: "/login", fields: { email: null, password: null, redirectTo: null } },
  { path: "/signup", fields: { email: null, password: null, redirectTo: null } },
  { path: "/forgot-password", fields: { email: null } },
  { path: "/reset-password", fields: { token: null, password: null, currentPassword: null } },
  { path: "/edit-profile", fields: { fullName: null, username: null, website: null } },
  { path: "/contact-us", fields: { fullName: null, email: null, subject: null, message: null } },
  { path: "/setup", fields: { token: null, email: null, password: null } },
  { path: "/resources/subscribe", fields: { email: null } },
  { path: "/resources/free-story", fields: { email: null, newsletter: null } },
  { path: "/free-story", fields: { email: null, newsletter: null } },
  {
    path: "/admin/books",
    fields: { intent: "create", title: null, author: null, description: null, price: null, rating: null, stock: null },
  },
  {
    path: "/admin/books",
    fields: { intent: "update", id: null, title: null, author: null, description: null, price: null },
  },
  { path: "/admin/books", fields: { intent: "delete", id: null } },
  { path: "/admin/books", fields: { intent: null } },
  { path: "/admin/books/import", fields: { file: null } },
  { path: "/admin/customers", fields: { intent: "delete", customerId: null } },
  { path: "/admin/orders", fields: { intent: "status", orderId: null, status: null } },
  { path: "/admin/orders", fields: { intent: null } },
  { path: "/admin/orders", fields: { intent: "mark-paid", orderId: null } },
  { path: "/admin/orders", fields: { intent: "cancel", orderId: null } },
  { path: "/admin/orders", fields: { intent: "refund", orderId: null, amount: null } },
  {
    path: "/admin/orders",
    fields: {
      intent: "status",
      orderId: null,
      status: null,
      "parcels.0.carrier": null,
      "parcels.0.trackingNumber": null,
    },
  },
  { path: "/admin/orders", fields: { intent: "tracking-add", orderId: null, carrier: null, trackingNumber: null } },
  {
    path: "/admin/orders",
    fields: { intent: "tracking-edit", orderId: null, trackingId: null, carrier: null, trackingNumber: null },
  },
  { path: "/admin/orders", fields: { intent: "tracking-remove", orderId: null, trackingId: null } },
  { path: "/admin/orders", fields: { intent: "resend-shipped-mail", orderId: null, requestId: null } },
  { path: "/admin/orders", fields: { intent: "note-add", orderId: null, note: null } },
  { path: "/admin/subscribers", fields: { intent: "delete", subscriberId: null } },
  {
    path: "/admin/settings",
    fields: {
      storeName: null,
      contactEmail: null,
      currency: null,
      "shippingMethods.0.name": null,
      "shippingMethods.0.rate": null,
      "shippingMethods.99.rate": null,
      enableMaintenanceMode: null,
      "socialLinks.facebook": null,
      "socialLinks.others.0.url": null,
    },
  },
  { path: "/admin/settings/free-story", fields: { intent: null, story: null } },
  {
    path: "/admin/settings/tax",
    fields: {
      taxMode: null,
      homeState: null,
      "rates.0.place": null,
      "rates.0.rate": null,
      "rates.0.collecting": null,
      "rates.99.rate": null,
    },
  },
  { path: "/admin/coming-soon", fields: { enableMaintenanceMode: null } },
  {
    path: "/checkout",
    fields: {
      checkoutToken: null,
      items: null,
      email: null,
      fullName: null,
      country: null,
      street: null,
      city: null,
      region: null,
      postalCode: null,
      shippingMethodId: null,
      paymentMethod: null,
      quotedSubtotalCents: null,
      quotedShippingRates: null,
      quotedCurrency: null,
      quotedTaxCents: null,
      discountCode: null,
      appliedDiscountCode: null,
      quotedDiscountCents: null,
    },
  },
  { path: "/checkout", fields: { intent: "apply-discount", discountCode: null, email: null } },
  {
    path: "/admin/discounts",
    fields: {
      id: null,
      code: null,
      kind: null,
      percent: null,
      amount: null,
      appliesTo: null,
      bookIds: null,
      minQuantity: null,
      minSubtotal: null,
      startsOn: null,
      endsOn: null,
      usageLimit: null,
      perCustomerLimit: null,
      active: null,
    },
  },
  { path: "/order-confirmation/ORD-2025-001", fields: { intent: null } },
  {
    path: "/tax-exemption",
    fields: { intent: "organisation", name: null, kind: null, street: null, city: null, state: null, postalCode: null },
  },
  {
    path: "/tax-exemption",
    fields: { intent: "certificate", state: null, documentKind: null, certificateNumber: null, expiresOn: null },
  },
  { path: "/tax-exemption", fields: { intent: "withdraw", certificateId: null } },
  { path: "/tax-exemption", fields: { intent: null } },
  { path: "/admin/tax-exemptions", fields: { intent: "approve", certificateId: null } },
  { path: "/admin/tax-exemptions", fields: { intent: "reject", certificateId: null, reason: null } },
];
/** Signing out is the one action that needs no field: it only gets bodies that are not forms. */
const SIGN_OUT = "/resources/sign-out";

const MEGABYTE = "x".repeat(1024 * 1024);
/** Values no field accepts (every action above has at least one field that refuses each). */
const ODD_VALUES = [
  "",
  "\u0000",
  "a\u0000b",
  "\u202e\u200b",
  "-1",
  "NaN",
  "1e309",
  "0x10",
  "[object Object]",
  "<script>alert(1)</script>",
  "../../app-secret",
  "'; drop table books; --",
  "🙂".repeat(3000),
  "x".repeat(20_000),
];

const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

/** Bodies that are not well-formed forms, with the headers that go with them; `readable` when a form parser still makes a form of it. */
const MALFORMED: { name: string; body?: string; headers: Record<string, string>; readable?: true }[] = [
  {
    name: "JSON",
    body: '{"email":"a@example.com","password":"x","intent":"delete"}',
    headers: { "content-type": "application/json" },
  },
  { name: "plain text", body: "email=a@example.com", headers: { "content-type": "text/plain" } },
  { name: "no content type", body: "intent=delete&id=1", headers: { "content-length": "18" } },
  { name: "multipart without boundary", body: "--x\r\n", headers: { "content-type": "multipart/form-data" } },
  {
    name: "broken multipart",
    body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete',
    headers: { "content-type": "multipart/form-data; boundary=x" },
  },
  {
    name: "multipart with junk",
    body: "\u0000\u0001garbage--x--",
    headers: { "content-type": "multipart/form-data; boundary=x" },
  },
  { name: "empty form", body: "", headers: FORM_TYPE, readable: true },
  { name: "no body", headers: {}, readable: true },
  { name: "1 MB form", body: `email=${MEGABYTE}`, headers: FORM_TYPE },
  { name: "bad percent-encoding", body: "email=%E0%A4%A&password=%ZZ&intent=%00", headers: FORM_TYPE, readable: true },
  { name: "only separators", body: "&&&==&=", headers: FORM_TYPE, readable: true },
];

/** A form with every field of the action set to `value`, and each field sent twice (an array). */
function oddForm(fields: Record<string, string | null>, value: string, repeat: boolean): string {
  const params = new URLSearchParams();
  for (const [name, fixed] of Object.entries(fields)) {
    params.append(name, fixed ?? value);
    if (repeat) params.append(name, fixed ?? "also-this");
  }
  return params.toString();
}

/** Every loader that reads the query string, with the parameters it reads. */
const LOADERS: { path: string; params: string[] }[] = [
  { path: "/login", params: ["redirectTo"] },
  { path: "/signup", params: ["redirectTo"] },
  { path: "/reset-password", params: ["token"] },
  { path: "/setup", params: ["token"] },
  { path: "/track-order", params: ["orderId"] },
  { path: "/checkout", params: ["items"] },
  { path: "/resources/tax-quote", params: ["items", "country", "region", "shipping"] },
  { path: "/admin/books", params: ["page", "search"] },
  { path: "/admin/customers", params: ["page", "search"] },
  { path: "/admin/orders", params: ["page", "search", "details"] },
  { path: "/admin/orders.csv", params: ["search", "from", "to"] },
  { path: "/admin/subscribers", params: ["page"] },
  { path: "/admin/messages", params: ["page"] },
  { path: "/admin/tax-exemptions", params: ["filter", "page"] },
];
const ODD_QUERY_VALUES = [
  "",
  "-1",
  "0",
  "99999999999999999999",
  "1e309",
  "NaN",
  "abc",
  "\u0000",
  "%",
  "\u202e",
  "//evil.example",
  "https://evil.example/x",
  "javascript:alert(1)",
  "ORD-2025-001'--",
  "x".repeat(5000),
];
/** Paths without parameters that still read the URL: odd slugs and files. */
const ODD_PATHS = [
  "/books/%00",
  "/books/..%2f..%2fapp-secret",
  `/books/${"x".repeat(2000)}`,
  "/admin/subscribers.csv?page=-1",
  "/admin/books.csv?page=-1",
  "/resources/books?page=NaN",
  "/sitemap.xml?x=%00",
  "/track-order?orderId=a&orderId=b",
  "/admin/books?page=1&page=2&page[]=3",
  "/tax-exemption/certificates/%00",
  `/tax-exemption/certificates/${"x".repeat(2000)}`,
];

const TABLES = [
  "books",
  "orders",
  "order_items",
  "order_status_history",
  "order_tracking_numbers",
  "order_notes",
  "store_settings",
  "shipping_methods",
  "email_subscribers",
  "user",
  "session",
  "account",
  "verification",
  "profiles",
  "contact_messages",
  "organisations",
  "tax_exemption_certificates",
  "tax_certificate_files",
  "tax_rates",
  "order_tax_lines",
] as const;

describe.each(TEST_ENGINES)("fuzzing every action and loader on %s", (engine) => {
  let t: TestApp;
  const roles: { name: string; cookie?: string }[] = [{ name: "visitor" }];
  beforeAll(async () => {
    t = await createTestApp(engine);
    roles.push({ name: "customer", cookie: await signedInCookie(t.services, "customer@example.com") });
    roles.push({ name: "admin", cookie: await signedInCookie(t.services, "admin@example.com", { admin: true }) });
    // Both accounts start with the empty profile that an empty Edit Profile form saves.
    for (const { cookie } of roles.slice(1)) {
      const saved = await t.app.request("/edit-profile", {
        method: "POST",
        body: "",
        headers: { ...FORM_TYPE, cookie: cookie! },
      });
      // Saved: back to the page with the toast.
      expect(saved.status).toBe(302);
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /**
   * Every row of every table, in a fixed order: equal snapshots mean nothing changed. `updated_at`
   * is left out: a form that restates what is stored (an empty profile, maintenance mode off, the
   * only meaning an odd value can have for a switch) is a real save and stamps the time.
   */
  async function snapshot(): Promise<Record<string, string>> {
    const tables: Record<string, string> = {};
    for (const table of TABLES) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.services.db);
      tables[table] = JSON.stringify(
        rows.rows
          .map((row) =>
            JSON.stringify(row, (key, v: unknown) =>
              key === "updated_at" ? undefined : v instanceof Date ? v.toISOString() : v,
            ),
          )
          .sort(),
      );
    }
    return tables as Record<string, string>;
  }

  let failures: string[] = [];
  beforeEach(() => {
    failures = [];
  });
  async function send(label: string, target: string, init: RequestInit = {}) {
    const before = t.logs.length;
    const response = await t.app.request(target, init);
    await response.arrayBuffer();
    if (response.status >= 500) failures.push(`${label}: HTTP ${response.status}`);
    for (const line of t.logs.slice(before)) {
      if (Number(line.level) >= 50) failures.push(`${label}: logged "${String(line.msg)}"`);
    }
    return response.status;
  }

  it("answers malformed bodies and odd values on every action with a 4xx, changing nothing", async () => {
    const before = await snapshot();
    for (const role of roles) {
      const cookie: Record<string, string> = role.cookie ? { cookie: role.cookie } : {};
      for (const [index, action] of ACTIONS.entries()) {
        const data = `${action.path}.data`;
        // Page posts (the action, then the page rendered) and data requests (the action only)
        // alternate, so both paths through React Router are covered without rendering every time.
        for (const [i, bad] of MALFORMED.entries()) {
          const target = (i + index) % 2 === 0 ? action.path : data;
          await send(`${role.name} ${target} ${bad.name}`, target, {
            method: "POST",
            body: bad.body,
            headers: { ...bad.headers, ...cookie },
          });
        }
        for (const [i, value] of ODD_VALUES.entries()) {
          const body = oddForm(action.fields, value, i % 2 === 1);
          await send(`${role.name} ${data} value #${i}`, data, {
            method: "POST",
            body,
            headers: { ...FORM_TYPE, ...cookie },
          });
        }
        // The same odd form as multipart, with a stray file in it.
        const multipart = new FormData();
        for (const [name, fixed] of Object.entries(action.fields)) multipart.append(name, fixed ?? "\u0000");
        multipart.append("cover", new File(["not an image"], "x.png", { type: "image/png" }));
        await send(`${role.name} ${action.path} multipart`, action.path, {
          method: "POST",
          body: multipart,
          headers: cookie,
        });
      }
      // Signing out reads no form: any post ends the session, so a signed-in person only gets the
      // bodies refused before the action runs (415).
      for (const bad of MALFORMED.filter((body) => !role.cookie || /JSON|plain text|no content type/.test(body.name))) {
        for (const target of [SIGN_OUT, `${SIGN_OUT}.data`]) {
          const status = await send(`${role.name} ${target} ${bad.name}`, target, {
            method: "POST",
            body: bad.body,
            headers: { ...bad.headers, ...cookie },
          });
          if (role.cookie && status !== 415) failures.push(`${role.name} ${target} ${bad.name}: HTTP ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Hundreds of requests through the whole app: far from the default limit's intent on a busy 2-core machine.
  }, 360_000);

  it("answers odd values in every query parameter without a 5xx, changing nothing", async () => {
    const before = await snapshot();
    for (const role of roles) {
      const cookie: Record<string, string> = role.cookie ? { cookie: role.cookie } : {};
      for (const loader of LOADERS) {
        for (const [i, value] of ODD_QUERY_VALUES.entries()) {
          const query = new URLSearchParams(loader.params.map((name) => [name, value])).toString();
          // Documents for the storefront pages, data requests for the rest (same loader, no render).
          const target = i % 5 === 0 ? `${loader.path}?${query}` : `${loader.path}.data?${query}`;
          await send(`${role.name} GET ${target.slice(0, 80)}`, target, { headers: cookie });
        }
      }
      for (const target of ODD_PATHS)
        await send(`${role.name} GET ${target.slice(0, 80)}`, target, { headers: cookie });
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 240_000);
});

import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";

// The admin layout's error boundary, through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("a failed admin load on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.cleanup();
  });

  // React separates adjacent text parts with empty comments.
  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  /** A new app with an admin signed in: the admin's cookie. */
  const signInAdmin = async () => {
    t = await createTestApp(engine);
    return signedInCookie(t.services, "admin@example.com", { admin: true });
  };

  /** `path` once its table is gone: the admin shell names what could not be fetched, never the table or the error page. */
  const expectLoadError = async (cookie: string, path: string, failure: string, heading: string) => {
    const response = await t.app.request(path, { headers: { cookie } });
    expect(response.status, path).toBe(500);
    const html = await textOf(response);
    expect(html, path).toContain("Admin Panel");
    expect(html, path).toContain('href="/admin/orders"');
    expect(html, path).toContain(failure);
    expect(html, path).toContain(`>${heading}</h1>`);
    expect(html, path).not.toContain("Something went wrong");
    expect(html, path).not.toContain("_gone");
  };

  it("keeps the admin sidebar and names what could not be fetched", async () => {
    const cookie = await signInAdmin();
    // The books table disappears: the Books and Dashboard loaders both read it.
    await sql`alter table books rename to books_gone`.execute(t.services.db);
    await expectLoadError(cookie, "/admin/books", "Error fetching books", "Book Management");
    await expectLoadError(cookie, "/admin", "Error fetching dashboard", "Dashboard");
  });

  it("shows the same boundary for Order Management, which had a copy of its own", async () => {
    const cookie = await signInAdmin();
    await sql`alter table orders rename to orders_gone`.execute(t.services.db);
    await expectLoadError(cookie, "/admin/orders", "Error fetching orders", "Order Management");
  });

  // Store Settings and Coming Soon read only what every page's root loader reads too, so a broken
  // read there fails the root first; they throw to this boundary the same way.
  it("shows it for Subscribers and Contact Messages, which showed their own toasts", async () => {
    const cookie = await signInAdmin();
    await sql`alter table email_subscribers rename to email_subscribers_gone`.execute(t.services.db);
    await sql`alter table contact_messages rename to contact_messages_gone`.execute(t.services.db);
    await expectLoadError(cookie, "/admin/subscribers", "Error fetching subscribers", "Email Subscribers");
    await expectLoadError(cookie, "/admin/messages", "Error fetching messages", "Contact Messages");
  });
});

describe("the admin sidebar", () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.cleanup();
  });

  it("marks the open screen as current, its sub-pages and any letter case too, the Dashboard only on itself", async () => {
    t = await createTestApp("sqlite");
    const cookie = await signedInCookie(t.services, "admin@example.com", { admin: true });
    const currentOf = async (path: string) => {
      const html = await (await t.app.request(path, { headers: { cookie } })).text();
      return [...html.matchAll(/<a aria-current="page"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    };
    expect(await currentOf("/admin")).toEqual(["/admin"]);
    expect(await currentOf("/admin/books")).toEqual(["/admin/books"]);
    expect(await currentOf("/admin/books/import")).toEqual(["/admin/books"]);
    expect(await currentOf("/Admin/Orders/")).toEqual(["/admin/orders"]);
  });
});

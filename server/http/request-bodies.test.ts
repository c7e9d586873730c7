import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useSignedInTestApp } from "#tests/support/admin-test-app.ts";
import { isMaintenanceModeOn } from "#server/settings/maintenance-mode.ts";
import { setMaintenanceMode } from "#server/settings/set-maintenance-mode.ts";
import { type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { postedForm } from "#tests/support/posted-form.ts";

/** Every route module with an action, by its page path. */
const ACTION_PATHS = [
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/edit-profile",
  "/contact-us",
  "/setup",
  "/resources/subscribe",
  "/resources/sign-out",
  "/admin/books",
  "/admin/customers",
  "/admin/orders",
  "/admin/settings",
  "/admin/coming-soon",
  "/admin/subscribers",
  "/admin/books/import",
];

/** A body that hands out 64 KB chunks up to `total` bytes, counting how much was read. */
function countingBody(total: number) {
  const state = { bytesRead: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.bytesRead >= total) return controller.close();
        state.bytesRead += 65536;
        controller.enqueue(new Uint8Array(65536).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const errorLines = (t: TestApp) =>
  t.logs
    .filter((line) => Number(line.level) >= 50)
    .map((line) => [
      line.msg,
      (line.err as { message?: string } | undefined)?.message,
      (line.err as { stack?: string } | undefined)?.stack?.slice(0, 600),
    ]);

describe.each(TEST_ENGINES)("request bodies on %s", (engine) => {
  const shop = useSignedInTestApp(engine, {
    customer: "customer@example.com",
    admin: { email: "admin@example.com", admin: true },
  });

  it("refuses JSON, plain text and other non-form bodies on every action with 415, logging no error", async () => {
    for (const target of ACTION_PATHS.flatMap((p) => [p, `${p}.data`])) {
      for (const [type, body] of [
        ["application/json", '{"email":"a@b.c","password":"x"}'],
        ["text/plain", "email=a@b.c"],
        ["application/xml", "<a/>"],
      ] as const) {
        for (const cookie of [undefined, shop.customer, shop.admin]) {
          const headers: Record<string, string> = { "content-type": type, ...(cookie ? { cookie } : {}) };
          const response = await shop.t.app.request(target, { method: "POST", body, headers });
          expect(response.status, `${target} ${type}`).toBe(415);
        }
      }
    }
    expect(errorLines(shop.t)).toEqual([]);
  });

  it("refuses a declared body over the form's limit with 413, without reading it", async () => {
    for (const target of ["/login", "/contact-us.data", "/resources/subscribe", "/admin/orders"]) {
      const { stream, state } = countingBody(512 * 1024);
      const response = await shop.t.app.request(target, {
        method: "POST",
        body: stream,
        duplex: "half",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(512 * 1024),
          cookie: shop.admin,
        },
      } as RequestInit);
      expect(response.status, target).toBe(413);
      expect(state.bytesRead, target).toBe(0);
    }
  });

  it("answers a form streamed past its limit with 413 and changes nothing", async () => {
    const before = await shop.t.services.db.selectFrom("contact_messages").select("id").execute();
    const { stream } = countingBody(512 * 1024);
    const response = await shop.t.app.request("/contact-us", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await shop.t.services.db.selectFrom("contact_messages").select("id").execute()).toEqual(before);
    expect(errorLines(shop.t)).toEqual([]);
  });

  it("refuses a visitor's or customer's upload to the books screen before reading its body", async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [shop.customer, 403],
    ] as const) {
      const { stream, state } = countingBody(4 * 1024 * 1024);
      const response = await shop.t.app.request("/admin/books.data", {
        method: "POST",
        body: stream,
        duplex: "half",
        // No declared length: the body arrives chunked.
        headers: { "content-type": "multipart/form-data; boundary=x", ...(cookie ? { cookie } : {}) },
      } as RequestInit);
      expect(response.status).toBe(status);
      expect(state.bytesRead).toBe(0);
    }
  });

  it("answers a broken form with 400 and does not take it for an empty one", async () => {
    await setMaintenanceMode(shop.t.services, { on: true });
    try {
      for (const body of ['--x\r\nContent-Disposition: form-data; name="enableMaintenanceMode"\r\n\r\non', "garbage"]) {
        const response = await shop.t.app.request("/admin/coming-soon", {
          method: "POST",
          body,
          headers: { "content-type": "multipart/form-data; boundary=x", cookie: shop.admin },
        });
        expect(response.status).toBe(400);
        // An empty form would have meant "switch off".
        expect(await isMaintenanceModeOn(shop.t.services)).toBe(true);
      }
    } finally {
      await setMaintenanceMode(shop.t.services, { on: false });
    }
    expect(errorLines(shop.t)).toEqual([]);
  });

  it("stores an uploaded cover through a temporary file that is removed afterwards", async () => {
    /** The admin's new-book form with its text fields, then `cover`. */
    const bookForm = (fields: Record<string, string>, cover: File) => {
      const form = postedForm({ intent: "create", ...fields });
      form.append("cover", cover);
      return form;
    };
    const tmpDir = path.join(shop.t.testDb.dataDir, "tmp");
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer));
    const form = bookForm(
      { title: "Jonah", author: "A. Writer", description: "A whale of a tale.", price: "9.99" },
      new File([png], "cover.png", { type: "image/png" }),
    );
    const response = await shop.t.app.request("/admin/books", {
      method: "POST",
      body: form,
      headers: { cookie: shop.admin },
    });
    expect(response.status).toBe(200);
    const book = await shop.t.services.db
      .selectFrom("books")
      .select("image_url")
      .where("title", "=", "Jonah")
      .executeTakeFirstOrThrow();
    expect(book.image_url).toMatch(/^\/covers\/[0-9a-f]{64}\.webp$/);
    expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);

    // A file over 10 MB: refused under the cover field, nothing saved, nothing left behind.
    const big = bookForm(
      { title: "Too Big", author: "A", description: "B", price: "1" },
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }),
    );
    const refused = await shop.t.app.request("/admin/books.data", {
      method: "POST",
      body: big,
      headers: { cookie: shop.admin },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The image is too large. Please choose a file of at most 10 MB.");
    expect(await shop.t.services.db.selectFrom("books").select("id").where("title", "=", "Too Big").execute()).toEqual(
      [],
    );
    expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);

    // A second file, or a file in another field, is not accepted.
    const twoFiles = new FormData();
    twoFiles.append("intent", "create");
    twoFiles.append("cover", new File([png], "a.png", { type: "image/png" }));
    twoFiles.append("other", new File([png], "b.png", { type: "image/png" }));
    expect(
      (await shop.t.app.request("/admin/books", { method: "POST", body: twoFiles, headers: { cookie: shop.admin } }))
        .status,
    ).toBe(400);
    expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);
    expect(errorLines(shop.t)).toEqual([]);
  });

  it("reads a NUL byte in the address as nothing to find, and refuses one in a form with 400 (PostgreSQL cannot compare one)", async () => {
    for (const [target, status] of [
      ["/books/%00", 404],
      ["/books/a%00b.data", 404],
      ["/track-order?orderId=ORD-2025-001%00", 404],
      ["/admin/orders.data?search=ORD%00", 200],
      ["/admin/books.data?page=%00&search=%00", 200],
    ] as const) {
      const response = await shop.t.app.request(target, { headers: { cookie: shop.admin } });
      expect(response.status, target).toBe(status);
    }
    const search = await shop.t.app.request("/admin/orders.data?search=ORD%00", { headers: { cookie: shop.admin } });
    expect(await search.text()).not.toContain("ORD-2025-001");
    const response = await shop.t.app.request("/admin/subscribers.data", {
      method: "POST",
      body: "intent=delete&subscriberId=a%00b",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: shop.admin },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form contains a character that is not allowed.");
    expect(errorLines(shop.t)).toEqual([]);
  });
});

import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { linksTo, readOutbox } from "#tests/support/outbox.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { INVALID_CONFIRM_LINK } from "./confirm-subscription.ts";
import { INVALID_UNSUBSCRIBE_LINK } from "./unsubscribe.ts";

// The newsletter's pages and the subscribers export through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("newsletter routes on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  // React separates adjacent text parts with empty comments; entities as React writes them.
  const textOf = async (response: Response) =>
    (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
  const subscribers = () =>
    t.services.db.selectFrom("email_subscribers").select(["email", "confirmed_at"]).orderBy("email").execute();
  /** The path and query of the newest link to `pathname` e-mailed to `email`. */
  function mailedLink(email: string, pathname: string): string {
    const mail = readOutbox(t.testDb.dataDir).findLast((m) => m.headers.to === email);
    const url = new URL(linksTo(mail!, pathname)[0]!);
    return `${url.pathname}${url.search}`;
  }
  const subscribe = (email: string) => t.app.request("/resources/subscribe", form({ email }));

  const adminCookie = () => signedInCookie(t.services, "owner@example.com", { admin: true });

  it("subscribes as pending, confirms only when the page's button is pressed, then calls the address a duplicate", async () => {
    setT(await createTestApp(engine, { env: { PUBLIC_URL: "https://shop.example" } }));
    expect((await subscribe("reader@example.com")).status).toBe(200);
    expect(await subscribers()).toEqual([{ email: "reader@example.com", confirmed_at: null }]);
    const [mail] = readOutbox(t.testDb.dataDir);
    expect(mail!.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/shop\.example\/newsletter\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const confirmLink = mailedLink("reader@example.com", "/newsletter/confirm");

    // Opening the link (as a mail scanner would) shows a button and changes nothing.
    const page = await t.app.request(confirmLink);
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html).toContain("Confirm my subscription");
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');
    expect(await subscribers()).toEqual([{ email: "reader@example.com", confirmed_at: null }]);

    const token = new URL(confirmLink, "http://x").searchParams.get("token")!;
    const confirmed = await t.app.request(confirmLink, form({ token }));
    expect(confirmed.status).toBe(200);
    expect(await textOf(confirmed)).toContain("Subscription confirmed");
    expect((await subscribers())[0]!.confirmed_at).toEqual(expect.any(String));
    // Twice is fine.
    expect((await t.app.request(confirmLink, form({ token }))).status).toBe(200);

    const again = await subscribe("Reader@Example.com");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", reason: "already-subscribed", message: "This email address is already on our list." },
    });
    expect(readOutbox(t.testDb.dataDir)).toHaveLength(1);
    // The request log has paths only: no token anywhere in the log.
    expect(JSON.stringify(t.logs)).not.toContain(token.split(".")[1]);
    expect(JSON.stringify(t.logs)).not.toContain("token=");
  });

  it("answers a pending address's second subscribe with success and re-sends the confirmation only once in a while", async () => {
    setT(await createTestApp(engine));
    for (let i = 0; i < 3; i++) {
      const response = await subscribe("pending@example.com");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    expect(readOutbox(t.testDb.dataDir)).toHaveLength(1);
  });

  it("refuses an empty or invalid address with its message, writing and sending nothing", async () => {
    setT(await createTestApp(engine));
    for (const [fields, message] of [
      [{ email: "" }, "Please enter your email address."],
      [{ email: "   " }, "Please enter your email address."],
      [{}, "Please enter your email address."],
      [{ email: "not-an-email" }, "Please enter a valid email address."],
      [{ email: `${"a".repeat(250)}@example.com` }, "Please enter a valid email address."],
    ] as const) {
      const response = await t.app.request("/resources/subscribe", form(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: "VALIDATION", message } });
    }
    expect(await subscribers()).toEqual([]);
    expect(readOutbox(t.testDb.dataDir)).toEqual([]);
  });

  it("shows a clear message for a missing or forged link and changes nothing", async () => {
    setT(await createTestApp(engine));
    await subscribe("reader@example.com");
    const token = new URL(mailedLink("reader@example.com", "/newsletter/unsubscribe"), "http://x").searchParams.get(
      "token",
    )!;

    const noToken = await textOf(await t.app.request("/newsletter/confirm"));
    expect(noToken).toContain(INVALID_CONFIRM_LINK);
    expect(noToken).not.toContain("Confirm my subscription</button>");
    // An unsubscribe token cannot confirm; a made-up one neither.
    for (const bad of [token, "forged.token", ""]) {
      const response = await t.app.request(
        `/newsletter/confirm?token=${encodeURIComponent(bad)}`,
        form({ token: bad }),
      );
      expect(response.status, bad).toBe(400);
      expect(await textOf(response)).toContain(INVALID_CONFIRM_LINK);
    }
    const forged = await t.app.request(
      "/newsletter/unsubscribe?token=forged.token",
      form({ "List-Unsubscribe": "One-Click" }),
    );
    expect(forged.status).toBe(400);
    expect(await textOf(forged)).toContain(INVALID_UNSUBSCRIBE_LINK);
    expect(await subscribers()).toEqual([{ email: "reader@example.com", confirmed_at: null }]);
  });

  it("unsubscribes from the page's button and from a mail client's one-click POST without Origin", async () => {
    setT(await createTestApp(engine));
    await subscribe("button@example.com");
    await subscribe("oneclick@example.com");
    await subscribe("stays@example.com");

    const buttonLink = mailedLink("button@example.com", "/newsletter/unsubscribe");
    const page = await textOf(await t.app.request(buttonLink));
    expect(page).toContain("Unsubscribe</button>");
    expect((await subscribers()).map((s) => s.email)).toContain("button@example.com");
    const token = new URL(buttonLink, "http://x").searchParams.get("token")!;
    const done = await t.app.request(buttonLink, form({ token }));
    expect(done.status).toBe(200);
    expect(await textOf(done)).toContain("You are unsubscribed");

    // RFC 8058: the token only in the URL, the body `List-Unsubscribe=One-Click`, no Origin or cookie.
    const oneClick = mailedLink("oneclick@example.com", "/newsletter/unsubscribe");
    for (let i = 0; i < 2; i++) {
      const response = await t.app.request(oneClick, form({ "List-Unsubscribe": "One-Click" }));
      expect(response.status).toBe(200);
    }
    expect((await subscribers()).map((s) => s.email)).toEqual(["stays@example.com"]);
  });

  it("keeps the confirm and unsubscribe pages open while the shop shows Coming Soon", async () => {
    setT(await createTestApp(engine));
    await t.services.db.updateTable("store_settings").set({ enable_maintenance_mode: true }).execute();
    expect((await subscribe("launch@example.com")).status).toBe(200);
    const confirmLink = mailedLink("launch@example.com", "/newsletter/confirm");
    expect((await t.app.request(confirmLink)).status).toBe(200);
    const token = new URL(confirmLink, "http://x").searchParams.get("token")!;
    expect((await t.app.request(confirmLink, form({ token }))).status).toBe(200);
    expect((await subscribers())[0]!.confirmed_at).toEqual(expect.any(String));
    expect((await t.app.request(mailedLink("launch@example.com", "/newsletter/unsubscribe"))).status).toBe(200);
    expect((await t.app.request("/newsletter/other")).status).toBe(503);
  });

  it("shows admins each subscriber's status", async () => {
    setT(await createTestApp(engine));
    await t.services.db
      .insertInto("email_subscribers")
      .values([
        { id: "p", email: "pending@example.com", subscribed_at: "2025-06-02T08:00:00.000Z" },
        {
          id: "c",
          email: "confirmed@example.com",
          subscribed_at: "2025-06-01T08:00:00.000Z",
          confirmed_at: "2025-06-01T09:00:00.000Z",
        },
      ])
      .execute();
    const html = await textOf(await t.app.request("/admin/subscribers", { headers: { cookie: await adminCookie() } }));
    const rows = [...html.matchAll(/<tr data-testid="subscriber-row">(.*?)<\/tr>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, " "),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/pending@example\.com .*Pending/);
    expect(rows[1]).toMatch(/confirmed@example\.com .*Confirmed/);
    expect(html).toContain(">Status</th>");
  });

  it("streams the CSV export in chunks, one export at a time, and frees the lock when the download ends or is cancelled", async () => {
    setT(await createTestApp(engine));
    const cookie = await adminCookie();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `id-${String(i).padStart(5, "0")}`,
      email: i === 7 ? '=HYPERLINK("http://evil.example")' : `reader${i}@example.com`,
      subscribed_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
      confirmed_at: i % 3 ? null : new Date(Date.UTC(2025, 1, 1)).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.services.db
        .insertInto("email_subscribers")
        .values(rows.slice(i, i + 500))
        .execute();
    const exportCsv = () => t.app.request("/admin/subscribers.csv", { headers: { cookie } });

    const first = await exportCsv();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const reader = first.body!.getReader();
    const chunks = [new TextDecoder().decode((await reader.read()).value)];

    // While the first download runs, a second one is refused with a clear message.
    const second = await exportCsv();
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await second.text()).toBe("Another subscriber export is running. Please try again in a moment.");

    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    expect(chunks.length).toBeGreaterThan(5);
    const lines = chunks.join("").split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at,status,confirmed_at");
    expect(lines).toHaveLength(5002);
    expect(lines[1]).toBe("reader4999@example.com,2025-01-01T01:23:19.000Z,pending,");
    expect(lines[5000 - 7]).toBe('"\'=HYPERLINK(""http://evil.example"")",2025-01-01T00:00:07.000Z,pending,');
    expect(lines[5000]).toBe("reader0@example.com,2025-01-01T00:00:00.000Z,confirmed,2025-02-01T00:00:00.000Z");

    // Finished: the next export runs; cancelled half-way (the client went away): so does the one after.
    const third = await exportCsv();
    expect(third.status).toBe(200);
    const thirdReader = third.body!.getReader();
    await thirdReader.read();
    await thirdReader.cancel();
    expect(t.services.subscriberExportLock.held).toBe(false);
    const fourth = await exportCsv();
    expect(fourth.status).toBe(200);
    await fourth.text();
  });

  it(
    "frees the export lock when the client disconnects mid-download from a real socket",
    { timeout: 60_000 },
    async () => {
      setT(await createTestApp(engine));
      const cookie = await adminCookie();
      // About 8 MB of CSV: more than the sockets' buffers hold, so the server is still sending when the client leaves.
      const rows = Array.from({ length: 30_000 }, (_, i) => ({
        id: `id-${i}`,
        email: `reader${i}.${"x".repeat(230)}@example.com`,
        subscribed_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 500)
        await t.services.db
          .insertInto("email_subscribers")
          .values(rows.slice(i, i + 500))
          .execute();
      const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((resolve) => server.once("listening", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        let heldDuringDownload = false;
        await new Promise<void>((resolve, reject) => {
          const request = httpRequest(
            { port, host: "127.0.0.1", path: "/admin/subscribers.csv", headers: { cookie } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
              response.once("data", () => {
                heldDuringDownload = t.services.subscriberExportLock.held;
                request.destroy();
                resolve();
              });
            },
          );
          request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
          request.setTimeout(20_000, () => reject(new Error("no answer")));
          request.end();
        });
        expect(heldDuringDownload).toBe(true);
        await expect.poll(() => t.services.subscriberExportLock.held, { timeout: 5000 }).toBe(false);
        const next = await fetch(`http://127.0.0.1:${port}/admin/subscribers.csv`, { headers: { cookie } });
        expect(next.status).toBe(200);
        expect((await next.text()).split("\r\n")).toHaveLength(30_002);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});

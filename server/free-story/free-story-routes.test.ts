import { describe, expect, it } from "vitest";
import { useSignedInTestApp } from "#tests/support/admin-test-app.ts";
import { readFlash } from "#server/http/flash.ts";
import { FREE_STORY_SENT_TOAST } from "#common/free-story/free-story-fields.ts";
import { ADMIN_DOWNLOADS, SITE_PAGES, SITE_RESOURCES } from "#common/pages/site-paths.ts";
import { storyPdf } from "#tests/support/story-pdf.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The free story's pages, posts and upload through the real app and build (needs `npm run build`):
// the forms are checked where they arrive, and the page cache sees every change.
describe.each(TEST_ENGINES)("the free story's routes on %s", (engine) => {
  const shop = useSignedInTestApp(
    engine,
    { admin: { email: "staff@example.com", admin: true }, customer: "reader@example.com" },
    { TRUST_PROXY: "true" },
  );

  let client = 0;
  /** A post as a form sends it, from a client address of its own unless one is given. */
  const post = (path: string, fields: Record<string, string>, from = `198.51.100.${++client}`) =>
    shop.t.app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
    });
  const upload = (file: Blob | null, cookie: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("story", file, "Jonah & the Fish.pdf");
    return shop.t.app.request(ADMIN_DOWNLOADS.freeStory, { method: "POST", body: form, headers: { cookie } });
  };
  const page = async (path: string, cookie?: string) => {
    const response = await shop.t.app.request(path, {
      headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    });
    return { status: response.status, html: await response.text() };
  };
  const queued = () =>
    shop.t.services.db.selectFrom("mail_outbox").select("recipient").where("kind", "=", "free-story").execute();

  it("offers nothing while no story is uploaded: no button, no page, a clear refusal", async () => {
    expect((await page("/")).html).not.toContain("Get a Free Story");
    expect((await page(SITE_PAGES.freeStory.path)).status).toBe(404);
    const response = await post(SITE_RESOURCES.freeStory.path, { email: "hannah@example.com" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", message: "Sorry, there is no free story to send right now." },
    });
    expect(await queued()).toEqual([]);
  });

  it("takes an upload from admins only, checked by content, and gives it back only to them", async () => {
    const pdf = await storyPdf();
    for (const cookie of ["", shop.customer]) {
      const refused = await upload(new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), cookie);
      expect([401, 403]).toContain(refused.status);
      const download = await shop.t.app.request(ADMIN_DOWNLOADS.freeStory, { headers: { cookie } });
      expect(download.headers.get("content-type")).not.toBe("application/pdf");
    }
    const notPdf = await upload(new Blob(["<html>a web page</html>"], { type: "application/pdf" }), shop.admin);
    expect(notPdf.status).toBe(400);
    expect(await notPdf.json()).toMatchObject({
      ok: false,
      error: { fieldErrors: { story: expect.stringContaining("The file is not a PDF document.") } },
    });
    const none = await upload(null, shop.admin);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { message: "Please choose the story's PDF file." } });
    expect(await shop.t.services.db.selectFrom("free_story").selectAll().execute()).toEqual([]);

    const saved = await upload(new Blob([new Uint8Array(pdf)], { type: "application/octet-stream" }), shop.admin);
    expect(saved.status).toBe(200);
    expect(readFlash(saved.headers.get("set-cookie")?.split(";")[0])).toMatchObject({ title: "Free story saved" });

    const download = await shop.t.app.request(ADMIN_DOWNLOADS.freeStory, { headers: { cookie: shop.admin } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="Jonah-the Fish.pdf"');
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), pdf)).toBe(0);
  });

  it("shows the button on the home page once a story is uploaded, with a form that works without scripts", async () => {
    const home = await page("/");
    expect(home.html).toContain("Get a Free Story</summary>");
    expect(home.html).toMatch(/<form[^>]*action="\/free-story" method="post">/);
    expect(home.html).toContain("Also send me the newsletter");
    // Unticked: the box has no checked attribute.
    expect(home.html).not.toMatch(/name="newsletter"[^>]*checked/);
    expect((await page(SITE_PAGES.freeStory.path)).status).toBe(200);
  });

  it("answers the island's post with JSON: clear messages for bad addresses, the same answer for any address", async () => {
    const answer = async (fields: Record<string, string>) => {
      const response = await post(SITE_RESOURCES.freeStory.path, fields);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const before = (await queued()).length;
    expect(await answer({ email: "" })).toMatchObject({
      status: 400,
      body: { ok: false, error: { fieldErrors: { email: "Please enter your email address." } } },
    });
    expect(await answer({ email: "hannah@example" })).toMatchObject({
      status: 400,
      body: { error: { fieldErrors: { email: "Please enter a valid email address." } } },
    });
    expect((await queued()).length).toBe(before);

    // An address with an account and on the list, and one the shop never saw: the same answer.
    await shop.t.services.db
      .insertInto("email_subscribers")
      .values({
        id: "sub-1",
        email: "reader@example.com",
        subscribed_at: "2026-01-01T00:00:00.000Z",
        confirmed_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    const known = await answer({ email: "reader@example.com", newsletter: "on" });
    const unknown = await answer({ email: "stranger@example.com", newsletter: "on" });
    expect(known).toEqual({ status: 200, body: { ok: true } });
    expect(unknown).toEqual(known);
    expect((await queued()).slice(before).map((row) => row.recipient)).toEqual([
      "reader@example.com",
      "stranger@example.com",
    ]);
  });

  it("refuses a client past its limit with the wait, and queues nothing more", async () => {
    const from = "203.0.113.77";
    const { limit } = shop.t.services.rateLimits.freeStory;
    for (let i = 0; i < limit; i++) {
      expect((await post(SITE_RESOURCES.freeStory.path, { email: `family${i}@example.com` }, from)).status).toBe(200);
    }
    const before = (await queued()).length;
    const refused = await post(SITE_RESOURCES.freeStory.path, { email: "one.more@example.com" }, from);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(/^Too many attempts, try again in \d+ seconds?\.$/),
      },
    });
    // The page's own post counts toward the same limit.
    const document = await post(SITE_PAGES.freeStory.path, { email: "one.more@example.com" }, from);
    expect(document.status).toBe(429);
    expect(await document.text()).toContain("Too many attempts");
    expect((await queued()).length).toBe(before);
  });

  it("answers a post without scripts with a page: the sent message, or the refusal and what was typed", async () => {
    const sent = await post(SITE_PAGES.freeStory.path, { email: "noscript@example.com" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(SITE_PAGES.freeStory.path);
    const flash = sent.headers.get("set-cookie")!.split(";")[0]!;
    expect(readFlash(flash)).toMatchObject({ title: FREE_STORY_SENT_TOAST.title });
    const after = await page(SITE_PAGES.freeStory.path, flash);
    expect(after.html).toContain('role="status"');
    expect(after.html).toContain(FREE_STORY_SENT_TOAST.title);

    const refused = await post(SITE_PAGES.freeStory.path, { email: "not an address", newsletter: "on" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(">Please enter a valid email address.</p>");
    expect(html).toContain('value="not an address"');
    expect(html).toMatch(/name="newsletter"[^>]*checked/);
  });

  it("shows a footer button for each social link set, on every page, and none for the others", async () => {
    const footer = async (path: string) => (await page(path)).html.split("<footer")[1] ?? "";
    // Cached first: the settings' write must renew the page.
    expect(await footer("/about-us")).not.toContain('aria-label="Social media"');
    await shop.t.services.db
      .updateTable("store_settings")
      .set({
        social_links: JSON.stringify([
          { network: "youtube", url: "https://www.youtube.com/@littlescrolls" },
          { network: "facebook", url: "https://www.facebook.com/littlescrolls" },
          { network: "other", name: "Threads", url: "https://www.threads.net/@littlescrolls" },
        ]),
      })
      .execute();
    for (const path of ["/about-us", "/", "/books"]) {
      const html = await footer(path);
      expect(html).toContain('aria-label="Social media"');
      const links = [
        ...html.matchAll(
          /<a href="(https:[^"]+)" target="_blank" rel="noopener"[^>]*>.*?<span class="sr-only">([^<]+)<\/span><\/a>/g,
        ),
      ];
      expect(links.map(([, url, name]) => [url, name])).toEqual([
        ["https://www.facebook.com/littlescrolls", "Facebook (opens in a new tab)"],
        ["https://www.youtube.com/@littlescrolls", "YouTube (opens in a new tab)"],
        ["https://www.threads.net/@littlescrolls", "Threads (opens in a new tab)"],
      ]);
      for (const unset of ["Instagram", "TikTok", "Pinterest", ">X ("]) expect(html).not.toContain(unset);
    }
  });

  it("stops offering the story when the admin removes it", async () => {
    const removed = await upload(null, shop.admin, { intent: "remove" });
    expect(removed.status).toBe(200);
    expect((await page("/")).html).not.toContain("Get a Free Story");
    expect((await page(SITE_PAGES.freeStory.path)).status).toBe(404);
  });
});

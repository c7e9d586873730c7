import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "#server/http/flash.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The Contact Us action through the real app and build (needs `npm run build`): the form is
// checked once, where it arrives, before the use case stores or sends anything. The page is an
// island page (decision 21): its form posts as a document, as these requests do.
const VALID = {
  fullName: "Hannah Reader",
  email: "hannah@example.com",
  subject: "Bulk order for our Sunday school",
  message: "Could we order twelve copies of the Ruth and Naomi book?",
};

describe.each(TEST_ENGINES)("the Contact Us action on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Each post comes from its own address, so the form's limit (5 a minute) never answers first.
    t = await createTestApp(engine, { env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  let client = 0;
  const post = (fields: Record<string, string>) =>
    t.app.request("/contact-us", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: {
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": `192.0.2.${++client}`,
      },
    });
  const flashOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0];
  const rows = () => t.services.db.selectFrom("contact_messages").select("id").execute();

  /**
   * A refusal: 400, this page again with each field's message and the refusal for the form's
   * island (which toasts it), and no flash cookie (the next page would toast it again).
   */
  async function expectRefused(response: Response, message: string, fieldErrors: Record<string, string>) {
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(readFlash(flashOf(response))).toBeNull();
    const raw = await response.text();
    // The island's props, as its attribute holds them.
    const props = raw.replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
    expect(raw).toContain('data-island="contact-form"');
    expect(props).toContain(JSON.stringify(message));
    for (const [field, fieldMessage] of Object.entries(fieldErrors)) {
      expect(props).toContain(`${JSON.stringify(field)}:${JSON.stringify(fieldMessage)}`);
      expect(raw).toContain(`>${fieldMessage.replaceAll("'", "&#x27;")}</p>`);
    }
  }

  it("refuses each missing or invalid field without storing or sending anything", async () => {
    const before = (await rows()).length;
    const mailsBefore = readOutbox(t.testDb.dataDir).length;
    const cases = [
      ["fullName", { fullName: "   " }, "Please enter your full name."],
      ["fullName", { fullName: "x".repeat(101) }, "Please keep your name to 100 characters or fewer."],
      ["email", { email: "" }, "Please enter your email address."],
      ["email", { email: "not-an-email" }, "Please enter a valid email address."],
      ["email", { email: `${"a".repeat(250)}@example.com` }, "Please enter a valid email address."],
      ["subject", { subject: undefined }, "Please enter a subject."],
      ["subject", { subject: "s".repeat(151) }, "Please keep the subject to 150 characters or fewer."],
      ["message", { message: "\n\n" }, "Please enter your message."],
      ["message", { message: "m".repeat(5001) }, "Please keep your message to 5000 characters or fewer."],
      [
        "organisation",
        { organisation: "o".repeat(151), enquiry: "church" },
        "Please keep the organisation's name to 150 characters or fewer.",
      ],
      [
        "enquiry",
        { enquiry: "bishopric" },
        "This enquiry form is out of date. Please open it again from our For Churches or For Schools page.",
      ],
    ] as const;
    for (const [field, change, message] of cases) {
      const fields: Record<string, string> = { ...VALID };
      for (const [name, value] of Object.entries(change)) {
        if (value === undefined) delete fields[name];
        else fields[name] = value;
      }
      await expectRefused(await post(fields), message, { [field]: message });
    }
    // An empty form reports every field, the first one in display order as the message.
    await expectRefused(await post({}), "Please enter your full name.", {
      fullName: "Please enter your full name.",
      email: "Please enter your email address.",
      subject: "Please enter a subject.",
      message: "Please enter your message.",
    });
    expect(await rows()).toHaveLength(before);
    expect(readOutbox(t.testDb.dataDir)).toHaveLength(mailsBefore);
  });

  it("opens as a church or school order enquiry from its address, and as a plain form for any other", async () => {
    const church = await (
      await t.app.request("/contact-us?enquiry=church", { headers: { accept: "text/html" } })
    ).text();
    expect(church).toMatch(/<input[^>]*name="subject"[^>]*value="Church order enquiry"/);
    expect(church).toMatch(/<input[^>]*type="hidden"[^>]*name="enquiry"[^>]*value="church"/);
    expect(church).toContain("Church name (optional)");
    const school = await (
      await t.app.request("/contact-us?enquiry=school", { headers: { accept: "text/html" } })
    ).text();
    expect(school).toMatch(/<input[^>]*name="subject"[^>]*value="School order enquiry"/);
    const other = await (await t.app.request("/contact-us?enquiry=<b>x", { headers: { accept: "text/html" } })).text();
    expect(other).not.toContain('name="enquiry"');
    expect(other).not.toContain('name="organisation"');
  });

  it("shows a refused message's text again in its fields", async () => {
    const html = await (await post({ ...VALID, email: "not-an-email" })).text();
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(html).toMatch(/<input[^>]*name="fullName"[^>]*value="Hannah Reader"/);
    expect(html).toContain(`>${VALID.message}</textarea>`);
  });

  it("stores and sends a message whose fields pass, trimmed, and redirects back with the toast", async () => {
    const response = await post({ ...VALID, fullName: `  ${VALID.fullName} ` });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact-us");
    const flash = flashOf(response);
    expect(readFlash(flash)).toMatchObject({
      title: "Message Sent!",
      description: "Thank you for contacting us. We will get back to you shortly.",
    });
    // The page it lands on says so too, for a browser that runs no script.
    const landed = await t.app.request("/contact-us", { headers: { accept: "text/html", cookie: flash! } });
    expect(await landed.text()).toMatch(/role="status"[^>]*><strong>Message Sent!<\/strong>/);
    const stored = await t.services.db
      .selectFrom("contact_messages")
      .select(["full_name", "email"])
      .where("subject", "=", VALID.subject)
      .execute();
    expect(stored).toEqual([{ full_name: "Hannah Reader", email: "hannah@example.com" }]);
  });
});

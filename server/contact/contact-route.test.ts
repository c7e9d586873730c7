import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "#server/http/flash.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The Contact Us action through the real app and build (needs `npm run build`): the form is
// checked once, where it arrives, before the use case stores or sends anything.
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
    t.app.request("/contact-us.data", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${++client}` },
    });
  const toastOf = (response: Response) => readFlash(response.headers.get("set-cookie")?.split(";")[0]);
  const rows = () => t.services.db.selectFrom("contact_messages").select("id").execute();

  /** A refusal: 400, the failure toast with the message, and each field's message in the answer. */
  async function expectRefused(response: Response, message: string, fieldErrors: Record<string, string>) {
    expect(response.status).toBe(400);
    expect(toastOf(response)).toMatchObject({ title: "Error", description: message, variant: "destructive" });
    const body = await response.text();
    for (const [field, fieldMessage] of Object.entries(fieldErrors)) {
      expect(body).toContain(JSON.stringify(field));
      expect(body).toContain(JSON.stringify(fieldMessage));
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

  it("stores and sends a message whose fields pass, trimmed", async () => {
    const response = await post({ ...VALID, fullName: `  ${VALID.fullName} ` });
    expect(response.status).toBe(200);
    expect(toastOf(response)).toMatchObject({ title: "Message Sent!" });
    const stored = await t.services.db
      .selectFrom("contact_messages")
      .select(["full_name", "email"])
      .where("subject", "=", VALID.subject)
      .execute();
    expect(stored).toEqual([{ full_name: "Hannah Reader", email: "hannah@example.com" }]);
  });
});

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { startServices } from "#server/boot.ts";
import { createLogger } from "#server/logging/logger.ts";
import { createTestApp, getPage, postPageForm, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { mailsTo, tokenOf, waitForVerificationLink } from "#tests/support/test-mail.ts";

// Sign-up, /account, /verify-email and /order-history through the real app and build
// (needs `npm run build`).
const PASSWORD = "Mustard-Seed-Faith-42";
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe.each(TEST_ENGINES)("e-mail verification pages on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const post = (path: string, fields: Record<string, string>, cookie?: string) => postPageForm(t, path, fields, cookie);
  const get = (path: string, cookie?: string) => getPage(t, path, cookie);

  async function signUpAndIn(email: string): Promise<string> {
    const signUp = await post("/signup", { email, password: PASSWORD });
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("location")).toBe("/login");
    const signIn = await post("/login", { email, password: PASSWORD });
    expect(signIn.status).toBe(302);
    return signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.includes("session_token"))
      .join("; ");
  }

  const isVerified = async (email: string) =>
    Boolean(
      (
        await t.services.db
          .selectFrom("user")
          .select("emailVerified")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).emailVerified,
    );

  it("mails a link at sign-up; orders found by e-mail appear only after the signed-in account presses the button", async () => {
    setT(await createTestApp(engine));
    const cookie = await signUpAndIn("Sarah.Miller@Example.com");
    const before = await html(await get("/order-history", cookie));
    expect(before).toContain("No Orders Yet");
    expect(before).not.toContain("ORD-2025-001");
    const account = await html(await get("/account", cookie));
    expect(account).toContain("Please confirm your e-mail address");
    expect(account).toContain("Send the link again");

    const link = await waitForVerificationLink(t.testDb.dataDir, "sarah.miller@example.com");
    expect(link.startsWith(`${t.services.env.PUBLIC_URL}/verify-email?token=`)).toBe(true);
    const path = link.slice(t.services.env.PUBLIC_URL.length);

    // A visitor (or a mail scanner) opening the link is asked to sign in; nothing changes.
    const visitor = await get(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    // Opening it signed in shows the button, and changes nothing either.
    const page = await get(path, cookie);
    expect(page.status).toBe(200);
    const pageHtml = await html(page);
    expect(pageHtml).toContain("Verify my e-mail address");
    expect(pageHtml).toContain('<meta name="referrer" content="same-origin"');
    expect(await isVerified("sarah.miller@example.com")).toBe(false);

    const verified = await post(path, { token: tokenOf(link) }, cookie);
    expect(verified.status).toBe(200);
    expect(await html(verified)).toContain("E-mail address confirmed");
    expect(await isVerified("sarah.miller@example.com")).toBe(true);

    expect(await html(await get("/account", cookie))).not.toContain("Please confirm your e-mail address");
    const after = await html(await get("/order-history", cookie));
    expect(after).toContain("ORD-2025-001");
    expect(after).toContain("ORD-2025-003");

    for (const line of t.logs) expect(JSON.stringify(line)).not.toContain(tokenOf(link));
  });

  it("answers a bad or expired link with a clear message, changing nothing, and a visitor's post with the sign-in page", async () => {
    setT(await createTestApp(engine));
    const cookie = await signUpAndIn("ruth@example.com");
    const token = tokenOf(await waitForVerificationLink(t.testDb.dataDir, "ruth@example.com"));
    // Also no token field at all, or one too long to be a link's: the form's check refuses them.
    const overlong = `${token}${"x".repeat(2000)}`;
    const bad = ["", "nonsense", `${token.slice(0, -3)}abc`, "a.b.c", overlong].map((value) => ({ token: value }));
    for (const fields of [{}, ...bad]) {
      const response = await post("/verify-email", fields, cookie);
      expect(response.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(await html(response)).toContain(
        "This link is invalid or has expired. You can ask for a new one on your account page.",
      );
    }
    const visitor = await post("/verify-email", { token });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(await isVerified("ruth@example.com")).toBe(false);
  });

  it("gives the OWNER_EMAIL sign-up no admin area, not even after a restart, until its address is verified", async () => {
    setT(await createTestApp(engine, { env: { OWNER_EMAIL: "owner@example.com" } }));
    const cookie = await signUpAndIn("OWNER@example.com");
    expect((await get("/admin", cookie)).headers.get("location")).toBe("/account");

    const restarted = await startServices(t.services.env, {
      database: t.testDb.handle,
      logger: createLogger("silent", new Writable({ write: (_c, _e, cb) => cb() })),
    });
    expect(restarted.ownerSetup.token).not.toBeNull();
    expect((await get("/admin", cookie)).headers.get("location")).toBe("/account");

    const token = tokenOf(await waitForVerificationLink(t.testDb.dataDir, "owner@example.com"));
    expect((await post("/verify-email", { token }, cookie)).status).toBe(200);
    const admin = await get("/admin", cookie);
    expect(admin.status).toBe(200);
    expect(await html(admin)).toContain("Dashboard");
  });

  it("re-sends the link from the account page, three times per account and client, then asks to wait", async () => {
    setT(await createTestApp(engine));
    const cookie = await signUpAndIn("naomi@example.com");
    for (let i = 0; i < 3; i++) {
      const response = await post("/account", {}, cookie);
      expect(response.status).toBe(200);
      expect(await html(response)).toContain("A new link is on its way if your address still needs confirming.");
    }
    await waitForVerificationLink(t.testDb.dataDir, "naomi@example.com", 4);
    const limited = await post("/account", {}, cookie);
    expect(limited.status).toBe(429);
    expect(await html(limited)).toMatch(/Too many attempts, try again in \d+ seconds?\./);
    expect(mailsTo(t.testDb.dataDir, "naomi@example.com")).toHaveLength(4);
    expect((await post("/account", {})).status).toBe(302);
  });
});

import { Writable } from "node:stream";
import { createEmailVerificationToken } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { startServices } from "#server/boot.ts";
import { loadEnv } from "#server/config/env.ts";
import { deleteCustomer } from "#server/customers/delete-customer.ts";
import { createLogger } from "#server/logging/logger.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { mailsTo, tokenOf, waitForVerificationLink } from "#tests/support/test-mail.ts";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "./admin-role.ts";
import { createAdminAccount } from "./create-admin-account.ts";
import { listMyOrders } from "./list-my-orders.ts";
import { countAdmins, ensureOwnerIsAdmin } from "./owner-setup.ts";
import { resendVerificationEmail } from "./resend-verification-email.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";
import { INVALID_LINK, OTHER_ACCOUNT, verifyEmail } from "./verify-email.ts";
import { resolveViewer, type Viewer } from "./viewer.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
const SECRET = "a".repeat(40); // createTestAuth's APP_SECRET
const request = (clientAddress = "192.0.2.1") => ({ headers: new Headers(), clientAddress });
const silent = () => createLogger("silent", new Writable({ write: (_c, _e, cb) => cb() }));

describe.each(TEST_ENGINES)("e-mail verification on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp(env: Record<string, string> = {}) {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb, env);
    return { ...deps, env: { ...deps.env, OWNER_EMAIL: env.OWNER_EMAIL } };
  }

  /** Signs in and returns the viewer as every page sees it. */
  async function viewerOf(
    deps: Awaited<ReturnType<typeof setUp>>,
    email: string,
    password = PASSWORD,
  ): Promise<Viewer> {
    const { headers } = await signIn(deps, { email, password, ...request() });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { viewer } = await resolveViewer(deps, { headers: new Headers({ cookie }), clientAddress: "192.0.2.1" });
    return viewer!;
  }

  const roleOf = async (deps: Awaited<ReturnType<typeof setUp>>, email: string) =>
    (await deps.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirstOrThrow()).role;

  it("gives OWNER_EMAIL's account (any letter case) no admin role at sign-up or restart; verifying through the e-mailed link does", async () => {
    const deps = await setUp({ OWNER_EMAIL: "owner@example.com", PUBLIC_URL: "https://shop.example" });
    await signUp(deps, { email: "Owner@Example.COM", password: PASSWORD, ...request() });
    expect((await signIn(deps, { email: "owner@example.com", password: PASSWORD, ...request() })).isAdmin).toBe(false);

    // A restart: start-up grants the role only to a verified account, and still offers /setup.
    await ensureOwnerIsAdmin(deps, { ownerEmail: "OWNER@example.com" });
    const restarted = await startServices(
      loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: "test", APP_SECRET: SECRET, OWNER_EMAIL: "owner@example.com" }),
      { database: testDb.handle, logger: silent() },
    );
    expect(restarted.ownerSetup.token).not.toBeNull();
    expect(await roleOf(deps, "owner@example.com")).toBe(CUSTOMER_ROLE);
    expect(await countAdmins(deps)).toBe(0);

    // The link is built from PUBLIC_URL and leads to our own page.
    const link = await waitForVerificationLink(testDb.dataDir, "owner@example.com");
    expect(link.startsWith("https://shop.example/verify-email?token=")).toBe(true);
    const viewer = await viewerOf(deps, "owner@example.com");
    expect(viewer).toMatchObject({ isAdmin: false, emailVerified: false });
    await verifyEmail(deps, { viewer, token: tokenOf(link) });
    expect(await roleOf(deps, "owner@example.com")).toBe(ADMIN_ROLE);
    expect(await viewerOf(deps, "owner@example.com")).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("never lets someone else's click verify an OWNER_EMAIL account: the link works only for the signed-in account it was sent to", async () => {
    const deps = await setUp({ OWNER_EMAIL: "owner@example.com" });
    // An attacker signs up with the owner's address; the owner receives the link.
    await signUp(deps, { email: "owner@example.com", password: PASSWORD, ...request() });
    const token = tokenOf(await waitForVerificationLink(testDb.dataDir, "owner@example.com"));
    // The owner, signed in with an account of their own, follows the link.
    await signUp(deps, { email: "real-owner@example.net", password: "Another-Long-Pass-9", ...request() });
    const other = await viewerOf(deps, "real-owner@example.net", "Another-Long-Pass-9");
    await expect(verifyEmail(deps, { viewer: other, token })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: OTHER_ACCOUNT,
    });
    const rows = await deps.db.selectFrom("user").select(["email", "role", "emailVerified"]).orderBy("email").execute();
    expect(rows.map((r) => [r.email, r.role, Boolean(r.emailVerified)])).toEqual([
      ["owner@example.com", CUSTOMER_ROLE, false],
      ["real-owner@example.net", CUSTOMER_ROLE, false],
    ]);
  });

  it("makes verified admins through /setup and `npm run admin -- create`, without a verification mail", async () => {
    const deps = await setUp({ OWNER_EMAIL: "boss@example.com" });
    await createAdminAccount(deps, { email: "Boss@Example.com", password: PASSWORD });
    expect(await viewerOf(deps, "boss@example.com")).toMatchObject({ isAdmin: true, emailVerified: true });
    await ensureOwnerIsAdmin(deps, { ownerEmail: "boss@example.com" });
    expect(await roleOf(deps, "boss@example.com")).toBe(ADMIN_ROLE);
    await deps.backgroundTasks.settled();
    expect(mailsTo(testDb.dataDir, "boss@example.com")).toEqual([]);
  });

  it("shows a new account only its own orders until its address is verified, then the orders placed with that address", async () => {
    const deps = await setUp();
    await seedDatabase({ db: deps.db, clock: () => new Date() }, { sampleOrders: true });
    await signUp(deps, { email: "Sarah.Miller@Example.com", password: PASSWORD, ...request() });
    const unverified = await viewerOf(deps, "sarah.miller@example.com");
    expect(await listMyOrders(deps, { viewer: unverified })).toEqual([]);

    // An order placed while signed in is the account's own from the start.
    await deps.db
      .insertInto("orders")
      .values({
        id: "ORD-2026-100",
        order_date: "2026-01-05T10:00:00.000Z",
        customer_email: "sarah.miller@example.com",
        total_cents: 1299,
        status: "Pending",
        estimated_delivery: null,
        updated_at: "2026-01-05T10:00:00.000Z",
        user_id: unverified.userId,
      })
      .execute();
    expect((await listMyOrders(deps, { viewer: unverified })).map((o) => o.id)).toEqual(["ORD-2026-100"]);

    await verifyEmail(deps, {
      viewer: unverified,
      token: tokenOf(await waitForVerificationLink(testDb.dataDir, "sarah.miller@example.com")),
    });
    const verified = await viewerOf(deps, "sarah.miller@example.com");
    expect((await listMyOrders(deps, { viewer: verified })).map((o) => o.id).sort()).toEqual([
      "ORD-2025-001",
      "ORD-2025-003",
      "ORD-2026-100",
    ]);
  });

  it("shows a deleted and re-registered address nothing until the new account is verified", async () => {
    const deps = await setUp();
    await seedDatabase({ db: deps.db, clock: () => new Date() }, { sampleOrders: true });
    await signUp(deps, { email: "sarah.miller@example.com", password: PASSWORD, ...request() });
    const first = await viewerOf(deps, "sarah.miller@example.com");
    await verifyEmail(deps, {
      viewer: first,
      token: tokenOf(await waitForVerificationLink(testDb.dataDir, "sarah.miller@example.com")),
    });
    expect(await listMyOrders(deps, { viewer: await viewerOf(deps, "sarah.miller@example.com") })).toHaveLength(2);

    await createAdminAccount(deps, { email: "boss@example.com", password: PASSWORD });
    const boss = await viewerOf(deps, "boss@example.com");
    await deleteCustomer({ db: deps.db }, { actorUserId: boss.userId, customerId: first.userId });

    await signUp(deps, { email: "sarah.miller@example.com", password: "Another-Long-Pass-9", ...request() });
    const second = await viewerOf(deps, "sarah.miller@example.com", "Another-Long-Pass-9");
    expect(second).toMatchObject({ emailVerified: false });
    expect(await listMyOrders(deps, { viewer: second })).toEqual([]);
    await verifyEmail(deps, {
      viewer: second,
      token: tokenOf(await waitForVerificationLink(testDb.dataDir, "sarah.miller@example.com", 2)),
    });
    expect(
      await listMyOrders(deps, { viewer: await viewerOf(deps, "sarah.miller@example.com", "Another-Long-Pass-9") }),
    ).toHaveLength(2);
  });

  it("refuses a bad, forged or expired token with a clear message and changes nothing", async () => {
    const deps = await setUp({ OWNER_EMAIL: "owner@example.com" });
    await signUp(deps, { email: "owner@example.com", password: PASSWORD, ...request() });
    const viewer = await viewerOf(deps, "owner@example.com");
    const good = tokenOf(await waitForVerificationLink(testDb.dataDir, "owner@example.com"));
    const [header, payload, signature] = good.split(".");
    const forgedSignature = `${header}.${payload}.${signature!.slice(0, -4)}${signature!.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const bad = [
      "",
      "not-a-token",
      "x".repeat(5000),
      forgedSignature,
      await createEmailVerificationToken("another-secret-".repeat(3), "owner@example.com"),
      await createEmailVerificationToken(SECRET, "owner@example.com", undefined, -60),
    ];
    for (const token of bad) {
      await expect(verifyEmail(deps, { viewer, token }), token.slice(0, 30)).rejects.toMatchObject({
        code: "VALIDATION",
        message: INVALID_LINK,
      });
    }
    expect(await viewerOf(deps, "owner@example.com")).toMatchObject({ isAdmin: false, emailVerified: false });
    // The genuine link still works afterwards, and keeps working (verifying twice is harmless).
    await verifyEmail(deps, { viewer, token: good });
    await verifyEmail(deps, { viewer, token: good });
    expect(await viewerOf(deps, "owner@example.com")).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("re-sends the link on request, limited per account and per client, and never to a verified address", async () => {
    const deps = await setUp();
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request() });
    await signUp(deps, { email: "boaz@example.com", password: PASSWORD, ...request() });
    const anna = await viewerOf(deps, "anna@example.com");
    const boaz = await viewerOf(deps, "boaz@example.com");
    for (let i = 0; i < 3; i++) await resendVerificationEmail(deps, { viewer: anna, ...request("192.0.2.10") });
    await waitForVerificationLink(testDb.dataDir, "anna@example.com", 4);
    // Per account: another client asking for Anna is refused too...
    await expect(resendVerificationEmail(deps, { viewer: anna, ...request("192.0.2.11") })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    // ...and per client: that client cannot go on with another account.
    await expect(resendVerificationEmail(deps, { viewer: boaz, ...request("192.0.2.10") })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    // An IPv6 client is its /64: another address of it gets no new budget.
    await signUp(deps, { email: "ruth@example.com", password: PASSWORD, ...request("192.0.2.20") });
    await signUp(deps, { email: "naomi@example.com", password: PASSWORD, ...request("192.0.2.21") });
    const ruth = await viewerOf(deps, "ruth@example.com");
    for (let i = 1; i <= 3; i++)
      await resendVerificationEmail(deps, { viewer: ruth, ...request(`2001:db8:5:5::${i}`) });
    const naomi = await viewerOf(deps, "naomi@example.com");
    await expect(
      resendVerificationEmail(deps, { viewer: naomi, ...request("2001:db8:5:5::99") }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await resendVerificationEmail(deps, { viewer: boaz, ...request("192.0.2.12") });
    await waitForVerificationLink(testDb.dataDir, "boaz@example.com", 2);

    // Verified: the same answer, no verification mail.
    await verifyEmail(deps, {
      viewer: boaz,
      token: tokenOf(await waitForVerificationLink(testDb.dataDir, "boaz@example.com")),
    });
    await resendVerificationEmail(deps, { viewer: boaz, ...request("192.0.2.13") });
    await deps.backgroundTasks.settled();
    expect(mailsTo(testDb.dataDir, "boaz@example.com")).toHaveLength(2);
    expect(mailsTo(testDb.dataDir, "anna@example.com")).toHaveLength(4);
  });

  it("never refuses a sign-up because of others' sign-ups with the address, and mails the mailbox at most 5 times an hour", async () => {
    const deps = await setUp();
    // Three clients sign up with a victim's address as fast as their own limit allows.
    for (const attacker of ["192.0.2.31", "192.0.2.32", "192.0.2.33"]) {
      for (let i = 0; i < deps.authLimits.signUp.limit; i++) {
        await signUp(deps, { email: "victim@example.com", password: PASSWORD, ...request(attacker) });
      }
    }
    // The victim's own sign-up is answered like any other, not 429.
    await expect(
      signUp(deps, { email: "Victim@example.com", password: "Another-Long-Pass-9", ...request("192.0.2.40") }),
    ).resolves.toBeUndefined();
    await waitForVerificationLink(testDb.dataDir, "victim@example.com");
    await deps.backgroundTasks.settled();
    expect(mailsTo(testDb.dataDir, "victim@example.com")).toHaveLength(deps.authLimits.accountMailsPerAddress.limit);
    // Another spelling of the mailbox (a +tag) counts against the same allowance: no mail.
    await signUp(deps, { email: "victim+again@example.com", password: PASSWORD, ...request("192.0.2.34") });
    await deps.backgroundTasks.settled();
    expect(mailsTo(testDb.dataDir, "victim+again@example.com")).toHaveLength(0);
    // The account's own resend (signed in: strangers cannot spend it) has an allowance of its own.
    await resendVerificationEmail(deps, {
      viewer: await viewerOf(deps, "victim@example.com"),
      ...request("192.0.2.41"),
    });
    await expect
      .poll(() => mailsTo(testDb.dataDir, "victim@example.com").length)
      .toBe(deps.authLimits.accountMailsPerAddress.limit + 1);
  });

  it("answers a sign-up with a registered address as any other, and mails that address why, once per sign-up within its allowance", async () => {
    const deps = await setUp({ PUBLIC_URL: "https://shop.example" });
    await signUp(deps, { email: "boaz@example.com", password: PASSWORD, ...request() });
    const boaz = await viewerOf(deps, "boaz@example.com");
    await verifyEmail(deps, {
      viewer: boaz,
      token: tokenOf(await waitForVerificationLink(testDb.dataDir, "boaz@example.com")),
    });
    await expect(
      signUp(deps, { email: "BOAZ@example.com", password: "Another-Long-Pass-9", ...request("192.0.2.14") }),
    ).resolves.toBeUndefined();
    await expect.poll(() => mailsTo(testDb.dataDir, "boaz@example.com").length, { timeout: 5000 }).toBe(2);
    const notice = mailsTo(testDb.dataDir, "boaz@example.com")[1]!;
    expect(notice.headers.subject).toBe("You already have an account with Little Scrolls Press");
    const body = notice.text.replace(/=\n/g, "");
    expect(body).toContain("https://shop.example/login");
    expect(body).toContain("https://shop.example/forgot-password");
    expect(body).not.toContain("/verify-email");
    expect(body).not.toContain("Another-Long-Pass-9");
    // Within the address's allowance an hour (the verification was the first), whoever signs up.
    for (let i = 0; i < deps.authLimits.accountMailsPerAddress.limit; i++) {
      await signUp(deps, {
        email: "boaz@example.com",
        password: "Another-Long-Pass-9",
        ...request(`192.0.2.${50 + i}`),
      });
    }
    await deps.backgroundTasks.settled();
    expect(mailsTo(testDb.dataDir, "boaz@example.com")).toHaveLength(deps.authLimits.accountMailsPerAddress.limit);
    await expect(
      signIn(deps, { email: "boaz@example.com", password: "Another-Long-Pass-9", ...request() }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { HashQueue } from "#server/security/hash-queue.ts";
import { authRequest as request, cookieOf } from "#tests/support/auth-request.ts";
import { passRateLimitTime } from "#tests/support/rate-limit-stores.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { changePassword } from "./change-password.ts";
import { MAX_LIVE_SESSIONS } from "./revoke-oldest-sessions.ts";
import { resolveViewer } from "./viewer.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
/** The known-device cookie a sign-in answer sets, as a Cookie header (known-device.ts). */
const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("shop_device="))!;
const TOO_MANY = /^Too many attempts, try again in \d+ seconds?\.$/;
/** A new client address each call, so only the limit under test can refuse. */
let nextClient = 0;
const freshClient = () => `198.51.100.${(nextClient = (nextClient % 250) + 1)}`;

describe.each(TEST_ENGINES)("password work limits on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("counts every sign-in against the account, successful ones too, from any address, and no sign-up", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    // Sign-ups hash without counting against the account (they try nobody's password), so
    // strangers signing up with its address cannot use up its owner's sign-ins.
    for (let i = 0; i < deps.authLimits.passwordWorkPerAccount.limit; i++) {
      await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    }
    for (let i = 0; i < deps.authLimits.passwordWorkPerAccount.limit; i++) {
      await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    }
    await expect(
      signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(TOO_MANY),
    });
  });

  it("counts every password check of one client (an IPv6 /64 is one client), whatever the account", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    const emails = ["a", "b", "c", "d"].map((name) => `${name}@example.com`);
    for (const email of emails) await signUp(deps, { email, password: PASSWORD, ...request(freshClient()) });
    const budget = deps.authLimits.passwordWorkPerClient.limit;
    // Every try from another address of the same /64.
    for (let i = 0; i < budget; i++) {
      await signIn(deps, {
        email: emails[i % emails.length]!,
        password: PASSWORD,
        ...request(`2001:db8:7:7::${(i + 1).toString(16)}`),
      });
    }
    await expect(
      signIn(deps, { email: "a@example.com", password: PASSWORD, ...request("2001:db8:7:7:ffff::1") }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(TOO_MANY),
    });
    await expect(
      signIn(deps, { email: "d@example.com", password: PASSWORD, ...request("2001:db8:7:8::1") }),
    ).resolves.toBeDefined();
  });

  it("refuses Change Password after five wrong current passwords, even the right one next", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") });
    const cookie = cookieOf(
      (await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") })).headers,
    );
    for (let i = 0; i < 5; i++) {
      await expect(
        changePassword(deps, {
          currentPassword: `wrong-guess-${i}`,
          password: "Loaves-And-Fishes-5000",
          ...request("192.0.2.1", cookie),
        }),
      ).rejects.toMatchObject({ code: "VALIDATION" });
    }
    await expect(
      changePassword(deps, {
        currentPassword: PASSWORD,
        password: "Loaves-And-Fishes-5000",
        ...request("192.0.2.1", cookie),
      }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(TOO_MANY) });
    await expect(
      signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.2") }),
    ).resolves.toBeDefined();
  });

  it("makes guesses against one account from many addresses wait longer and longer, without locking the owner out", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    const guess = (password: string) =>
      signIn(deps, { email: "anna@example.com", password, ...request(freshClient()) });
    for (let i = 0; i < deps.authLimits.accountGuesses.freeFailures + 1; i++) {
      await expect(guess(`wrong-guess-${i}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    // Now every try waits, the right password too (else the wait would tell a right guess apart).
    await expect(guess(PASSWORD)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts, try again in 1 second.",
    });
    // The wait running out is what is tested: the limits' clock moves on (rate-limit-stores.ts).
    await passRateLimitTime(testDb.handle.db, 1_100);
    await expect(guess("wrong-again")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(guess(PASSWORD)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts, try again in 2 seconds.",
    });
    // The doubled wait running out, likewise.
    await passRateLimitTime(testDb.handle.db, 2_100);
    await expect(guess(PASSWORD)).resolves.toMatchObject({ isAdmin: false });
  });

  it("lets a browser that signed in to the account before in while others' wrong passwords keep the account waiting", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    await signUp(deps, { email: "ben@example.com", password: PASSWORD, ...request(freshClient()) });
    const signedIn = await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) });
    const device = deviceCookieOf(signedIn.headers);
    expect(device).toMatch(/^shop_device=[\w-]{22}\.\d+\.[\w-]{43}$/);
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith("shop_device="))).toMatch(
      /HttpOnly; SameSite=Lax$/,
    );

    // An attacker signs up with the address again and again, then guesses from many addresses
    // until every try at the account waits (the guesses last: the wait they start is checked at
    // once, however slow the sign-ups were on a busy machine).
    for (let i = 0; i < deps.authLimits.passwordWorkPerAccount.limit; i++) {
      await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) }).catch(() => {});
    }
    const attack = (password: string) =>
      signIn(deps, { email: "anna@example.com", password, ...request(freshClient()) }).catch((error: unknown) => error);
    for (let i = 0; i < deps.authLimits.accountGuesses.freeFailures + 1; i++) await attack(`wrong-guess-${i}`);
    await expect(
      signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient()) }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });

    // Anna's own browser is judged by its own failures: none.
    const again = await signIn(deps, {
      email: "anna@example.com",
      password: PASSWORD,
      ...request(freshClient(), device),
    });
    expect(again.isAdmin).toBe(false);
    // Its cookie is Anna's only, and an altered one counts for nothing.
    // The device id's first character changed (the signature's last one may differ only in bits
    // that base64 leaves unused, and still decode to the same bytes).
    const tampered = device.replace(
      /^shop_device=(.)/,
      (_, first: string) => `shop_device=${first === "A" ? "B" : "A"}`,
    );
    for (const cookie of [tampered, "shop_device=x.1.y"]) {
      await expect(
        signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient(), cookie) }),
      ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    }
    const ben = (password: string, cookie = device) =>
      signIn(deps, { email: "ben@example.com", password, ...request(freshClient(), cookie) });
    for (let i = 0; i < deps.authLimits.accountGuesses.freeFailures + 1; i++) {
      await expect(ben(`wrong-${i}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(ben(PASSWORD)).rejects.toMatchObject({ code: "RATE_LIMITED" });

    // Wrong passwords from the known browser make it wait, as the account would.
    const anna = deviceCookieOf(again.headers);
    for (let i = 0; i < deps.authLimits.deviceGuesses.freeFailures + 1; i++) {
      await expect(
        signIn(deps, { email: "anna@example.com", password: `typo-${i}`, ...request(freshClient(), anna) }),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(
      signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request(freshClient(), anna) }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", message: "Too many attempts, try again in 1 second." });
  });

  it("answers a full hashing queue with UNAVAILABLE, not counted as a wrong password", async () => {
    setTestDb(await createTestDatabase(engine));
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    const deps = createTestAuth(testDb, {}, queue);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") });
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    for (let i = 0; i < 6; i++) {
      await expect(
        signIn(deps, { email: "anna@example.com", password: "wrong-guess", ...request("192.0.2.1") }),
      ).rejects.toMatchObject({
        code: "UNAVAILABLE",
        status: 503,
        message: "The server is busy right now. Please try again in a minute.",
      });
    }
    release();
    await busy;
    const signedIn = await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") });

    // A browser known to the account takes a reserved place and waits its turn instead.
    const full = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(
      signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.2") }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    const known = signIn(deps, {
      email: "anna@example.com",
      password: PASSWORD,
      ...request("192.0.2.3", deviceCookieOf(signedIn.headers)),
    });
    release();
    await full;
    await expect(known).resolves.toMatchObject({ isAdmin: false });
  });

  it(`keeps the newest ${MAX_LIVE_SESSIONS} live sessions of an account after a sign-in, ending the oldest`, async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") });
    const { id: userId } = await deps.db.selectFrom("user").select("id").executeTakeFirstOrThrow();
    const start = Date.now() - 60 * 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const older = Array.from({ length: MAX_LIVE_SESSIONS + 2 }, (_, i) => ({
      id: `old-${String(i).padStart(2, "0")}`,
      token: randomUUID(),
      userId,
      createdAt: at(i),
      updatedAt: at(i),
      expiresAt: inAMonth,
      ipAddress: null,
      userAgent: null,
      impersonatedBy: null,
    }));
    const expired = { ...older[0]!, id: "expired", token: randomUUID(), createdAt: at(30), expiresAt: at(31) };
    await deps.db
      .insertInto("session")
      .values([...older, expired])
      .execute();

    const newest = await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...request("192.0.2.1") });
    const left = await deps.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
    expect(left).toHaveLength(MAX_LIVE_SESSIONS);
    const keptOld = older.slice(3).map((s) => s.id);
    expect(
      left
        .map((s) => s.id)
        .filter((id) => id.startsWith("old-"))
        .sort(),
    ).toEqual(keptOld);
    const { viewer } = await resolveViewer(deps, {
      headers: new Headers({ cookie: cookieOf(newest.headers) }),
      clientAddress: "192.0.2.1",
    });
    expect(viewer).toMatchObject({ email: "anna@example.com" });
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { cookieOf } from "#tests/support/auth-request.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { tokenOf, waitForLinks } from "#tests/support/test-mail.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { changePassword } from "./change-password.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
const NEW_PASSWORD = "Loaves-And-Fishes-5000";
const INVALID = { code: "VALIDATION", message: "Invalid or expired token. Please request a new link." };
let nextClient = 0;
const client = () => ({ headers: new Headers(), clientAddress: `198.51.100.${(nextClient = (nextClient % 250) + 1)}` });

/** The reset tokens e-mailed to `email` so far, oldest first, once `count` have arrived. */
async function mailedTokens(dataDir: string, email: string, count: number): Promise<string[]> {
  const links = await waitForLinks(dataDir, email, "/reset-password", count);
  expect(links).toHaveLength(count);
  return links.map(tokenOf);
}

describe.each(TEST_ENGINES)("password reset links on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: PASSWORD, ...client() });
    return deps;
  }

  it("voids the older link when a newer one is sent", async () => {
    const deps = await setUp();
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    await mailedTokens(testDb.dataDir, "anna@example.com", 1);
    // Even within the same millisecond, the link asked for later voids the older one.
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    const [older, newer] = await mailedTokens(testDb.dataDir, "anna@example.com", 2);
    await expect(resetPassword(deps, { token: older!, password: NEW_PASSWORD, ...client() })).rejects.toMatchObject(
      INVALID,
    );
    await resetPassword(deps, { token: newer!, password: NEW_PASSWORD, ...client() });
    await expect(
      signIn(deps, { email: "anna@example.com", password: NEW_PASSWORD, ...client() }),
    ).resolves.toBeDefined();
  });

  it("lets the browser that reset the password sign in at once, though others' wrong passwords keep the account waiting", async () => {
    const deps = await setUp();
    for (let i = 0; i < deps.authLimits.accountGuesses.freeFailures + 1; i++) {
      await signIn(deps, { email: "anna@example.com", password: `wrong-${i}`, ...client() }).catch(() => {});
    }
    // Four more failures as the account records them: a wait of 16 s, longer than the hashing
    // below takes on a loaded machine (a wait of 1 s ran out before the last check).
    for (let i = 0; i < 4; i++) await deps.authLimits.accountGuesses.fail("anna@example.com");
    await expect(signIn(deps, { email: "anna@example.com", password: PASSWORD, ...client() })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    const [token] = await mailedTokens(testDb.dataDir, "anna@example.com", 1);
    const { headers } = await resetPassword(deps, { token: token!, password: NEW_PASSWORD, ...client() });
    const device = cookieOf(headers);
    expect(device).toMatch(/^shop_device=/);
    await expect(
      signIn(deps, {
        email: "anna@example.com",
        password: NEW_PASSWORD,
        ...client(),
        headers: new Headers({ cookie: device }),
      }),
    ).resolves.toMatchObject({ isAdmin: false });
    // Anywhere else the account still waits.
    await expect(
      signIn(deps, { email: "anna@example.com", password: NEW_PASSWORD, ...client() }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("ends every known-browser cookie of the account with a new password, so whoever held it before a reset keeps none", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    // Someone signed up with Anna's address first, and signed in from their own browser.
    await signUp(deps, { email: "anna@example.com", password: "Someone-Elses-Pass-99", ...client() });
    const held = await signIn(deps, { email: "anna@example.com", password: "Someone-Elses-Pass-99", ...client() });
    const heldCookie = cookieOf(held.headers)
      .split("; ")
      .find((cookie) => cookie.startsWith("shop_device="))!;
    // Anna takes the account back through the mailbox.
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    const [token] = await mailedTokens(testDb.dataDir, "anna@example.com", 1);
    await resetPassword(deps, { token: token!, password: NEW_PASSWORD, ...client() });
    // Guesses from many addresses make the account wait; the old browser waits with everyone.
    for (let i = 0; i < deps.authLimits.accountGuesses.freeFailures + 1; i++) {
      await signIn(deps, { email: "anna@example.com", password: `wrong-${i}`, ...client() }).catch(() => {});
    }
    await expect(
      signIn(deps, {
        email: "anna@example.com",
        password: "another-guess",
        ...client(),
        headers: new Headers({ cookie: heldCookie }),
      }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("cancels every other outstanding link of the account after a reset", async () => {
    const deps = await setUp();
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    const [token] = await mailedTokens(testDb.dataDir, "anna@example.com", 1);
    // A second live link (e.g. two requests in the same millisecond, where neither voids the other).
    const row = await deps.db.selectFrom("verification").selectAll().executeTakeFirstOrThrow();
    await deps.db
      .insertInto("verification")
      .values({ ...row, id: "other", identifier: "reset-password:other-live-link" })
      .execute();
    await resetPassword(deps, { token: token!, password: NEW_PASSWORD, ...client() });
    await expect(
      resetPassword(deps, { token: "other-live-link", password: "Still-Waters-Green-Pastures", ...client() }),
    ).rejects.toMatchObject(INVALID);
    expect(await deps.db.selectFrom("verification").select("id").execute()).toEqual([]);
  });

  it("cancels the outstanding links after a password change", async () => {
    const deps = await setUp();
    const cookie = cookieOf(
      (await signIn(deps, { email: "anna@example.com", password: PASSWORD, ...client() })).headers,
    );
    await requestPasswordReset(deps, { email: "anna@example.com", ...client() });
    const [token] = await mailedTokens(testDb.dataDir, "anna@example.com", 1);
    const signedIn = { ...client(), headers: new Headers({ cookie }) };
    await changePassword(deps, { currentPassword: PASSWORD, password: NEW_PASSWORD, ...signedIn });
    await expect(
      resetPassword(deps, { token: token!, password: "Still-Waters-Green-Pastures", ...client() }),
    ).rejects.toMatchObject(INVALID);
    await expect(
      signIn(deps, { email: "anna@example.com", password: NEW_PASSWORD, ...client() }),
    ).resolves.toBeDefined();
  });

  it("sends an address only a few links; past that it answers the same, and the last link sent still works", async () => {
    const deps = await setUp();
    const cap = deps.authLimits.resetMailsPerAddress.limit;
    // Strangers asking from many addresses: each gets the same answer.
    for (let i = 0; i < cap + 5; i++) {
      await expect(requestPasswordReset(deps, { email: "Anna@Example.com", ...client() })).resolves.toBeUndefined();
      if (i < cap) await mailedTokens(testDb.dataDir, "anna@example.com", i + 1);
    }
    await deps.backgroundTasks.settled();
    const tokens = await mailedTokens(testDb.dataDir, "anna@example.com", cap);
    const live = await deps.db.selectFrom("verification").select("identifier").execute();
    expect(live).toEqual([{ identifier: `reset-password:${tokens.at(-1)}` }]);
    await resetPassword(deps, { token: tokens.at(-1)!, password: NEW_PASSWORD, ...client() });
    await expect(
      signIn(deps, { email: "anna@example.com", password: NEW_PASSWORD, ...client() }),
    ).resolves.toBeDefined();
  });

  it("still limits one client's requests", async () => {
    const deps = await setUp();
    const same = client();
    for (let i = 0; i < deps.authLimits.passwordReset.limit; i++) {
      await requestPasswordReset(deps, { email: `someone-${i}@example.com`, ...same });
    }
    await expect(requestPasswordReset(deps, { email: "anna@example.com", ...same })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { authRequest, cookieOf } from "#tests/support/auth-request.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { ADMIN_ROLE } from "./admin-role.ts";
import { changePassword } from "./change-password.ts";
import { createAdminAccount, setRole } from "./create-admin-account.ts";
import { countAdmins, ensureOwnerIsAdmin, OwnerSetup, SETUP_LINK_HOURS } from "./owner-setup.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { newPasswordSchema } from "#common/accounts/password-schema.ts";
import { resolveViewer } from "./viewer.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";

const request = (clientAddress = "192.0.2.1", cookie?: string) => authRequest(clientAddress, cookie);

describe("password policy", () => {
  it("refuses short and over-long passwords where the form is parsed", () => {
    const refusal = (password: string) => newPasswordSchema.safeParse(password).error?.issues[0]?.message;
    expect(refusal("short")).toContain("at least 8 characters");
    expect(refusal("x".repeat(129))).toContain("at most 128 characters");
    expect(newPasswordSchema.parse("Mustard-Seed-Faith-42")).toBe("Mustard-Seed-Faith-42");
  });

  it("refuses common passwords, in any letter case, on the password field", () => {
    for (const common of ["password123", "Password123", "JESUSCHRIST", "qwertyuiop", "iloveyou"]) {
      expect(() => assertAcceptablePassword(common)).toThrow("too common");
    }
    expect(() => assertAcceptablePassword("password123")).toThrow(
      expect.objectContaining({ code: "VALIDATION", fieldErrors: { password: expect.stringContaining("too common") } }),
    );
    expect(assertAcceptablePassword("Mustard-Seed-Faith-42")).toBe("Mustard-Seed-Faith-42");
  });
});

describe.each(TEST_ENGINES)("accounts on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("signs up, signs in with a new session each time, and resolves the viewer", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "Anna@Example.com", password: "Mustard-Seed-Faith-42", ...request() });
    const first = await signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    const second = await signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    expect(cookieOf(first.headers)).not.toBe(cookieOf(second.headers));
    expect(first.isAdmin).toBe(false);
    const { viewer } = await resolveViewer(deps, {
      headers: new Headers({ cookie: cookieOf(first.headers) }),
      clientAddress: "192.0.2.1",
    });
    expect(viewer).toMatchObject({ email: "anna@example.com", isAdmin: false });
    const stored = await deps.db.selectFrom("account").select("password").executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const session = await deps.db.selectFrom("session").select(["ipAddress", "expiresAt"]).executeTakeFirstOrThrow();
    expect(session.ipAddress).toBe("192.0.2.1");
    const days = (new Date(session.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it("answers a sign-up for an existing address like any other, without a second account", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    await expect(
      signUp(deps, { email: "ANNA@example.com", password: "Another-Long-Pass-9", ...request("192.0.2.9") }),
    ).resolves.toBeUndefined();
    expect(await deps.db.selectFrom("user").select("email").execute()).toHaveLength(1);
  });

  it("limits sign-in failures per client and per e-mail from that client, not across clients", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    for (let i = 0; i < 5; i++) {
      await expect(
        signIn(deps, { email: "anna@example.com", password: "wrong-wrong", ...request("192.0.2.50") }),
      ).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
        message: "Invalid email or password.",
      });
    }
    await expect(
      signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request("192.0.2.50") }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    await expect(
      signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request("192.0.2.51") }),
    ).resolves.toMatchObject({
      isAdmin: false,
    });
  });

  it("at start makes OWNER_EMAIL's account an admin only once its address is verified (see email-verification.test.ts)", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb, { OWNER_EMAIL: "owner@example.com" });
    await signUp(deps, { email: "Owner@Example.com", password: "Mustard-Seed-Faith-42", ...request() });
    const owner = await signIn(deps, { email: "owner@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    expect(owner.isAdmin).toBe(false);

    await signUp(deps, { email: "later-owner@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    await ensureOwnerIsAdmin(deps, { ownerEmail: "LATER-owner@example.com" });
    expect(await countAdmins(deps)).toBe(0);
    await deps.db
      .updateTable("user")
      .set({ emailVerified: true })
      .where("email", "=", "later-owner@example.com")
      .execute();
    await ensureOwnerIsAdmin(deps, { ownerEmail: "LATER-owner@example.com" });
    const roles = await deps.db.selectFrom("user").select(["email", "role"]).execute();
    expect(roles.map((r) => [r.email.toLowerCase(), r.role]).sort()).toEqual([
      ["later-owner@example.com", ADMIN_ROLE],
      ["owner@example.com", "user"],
    ]);
  });

  it("creates, grants and revokes admins; the setup link works only while no admin exists", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    const setup = await OwnerSetup.start(deps);
    expect(await setup.accepts(setup.token)).toBe(true);
    expect(await setup.accepts("not-the-token")).toBe(false);
    await createAdminAccount(deps, { email: "boss@example.com", password: "Still-Waters-Green-Pastures" });
    expect(await setup.accepts(setup.token)).toBe(false);
    expect((await OwnerSetup.start(deps)).token).toBeNull();
    expect(
      (await signIn(deps, { email: "boss@example.com", password: "Still-Waters-Green-Pastures", ...request() }))
        .isAdmin,
    ).toBe(true);
    await setRole(deps, { email: "BOSS@example.com", role: "user" });
    expect(await countAdmins(deps)).toBe(0);
    // The link printed before the admin existed stays spent, though no admin is left.
    expect(await setup.accepts(setup.token)).toBe(false);
    await expect(setRole(deps, { email: "nobody@example.com", role: ADMIN_ROLE })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("draws a random setup link per start, keeps only its hash, lets any instance on the database use it once, and expires it", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    let now = new Date();
    const clock = () => now;
    // Two instances (or a restart) on one database, with one APP_SECRET: two different links.
    const first = await OwnerSetup.start({ db: deps.db, clock });
    const second = await OwnerSetup.start({ db: deps.db, clock });
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(second.token).not.toBe(first.token);
    // Either instance accepts either link: they live in the database, as hashes only.
    expect(await second.accepts(first.token)).toBe(true);
    expect(await first.accepts(second.token)).toBe(true);
    const stored = await deps.db.selectFrom("owner_setup_tokens").select("token_hash").execute();
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(first.token);
    // Expired after SETUP_LINK_HOURS.
    now = new Date(now.getTime() + SETUP_LINK_HOURS * 60 * 60_000 + 1000);
    expect(await first.accepts(first.token)).toBe(false);
    expect(await first.spend(second.token)).toBe(false);
    // A new start draws a new one; of two uses at once only one gets through, and that spends every link.
    const third = await OwnerSetup.start({ db: deps.db, clock });
    const fourth = await OwnerSetup.start({ db: deps.db, clock });
    const spent = await Promise.all([third.spend(third.token), fourth.spend(third.token), fourth.spend(fourth.token)]);
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await third.accepts(fourth.token)).toBe(false);
    expect(await deps.db.selectFrom("owner_setup_tokens").select("token_hash").execute()).toEqual([]);
  });

  it("changes the password after checking the current one, and ends the other sessions", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() });
    const laptop = cookieOf(
      (await signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() })).headers,
    );
    const phone = cookieOf(
      (await signIn(deps, { email: "anna@example.com", password: "Mustard-Seed-Faith-42", ...request() })).headers,
    );
    await expect(
      changePassword(deps, {
        currentPassword: "wrong-password",
        password: "Loaves-And-Fishes-5000",
        ...request("192.0.2.1", laptop),
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await changePassword(deps, {
      currentPassword: "Mustard-Seed-Faith-42",
      password: "Loaves-And-Fishes-5000",
      ...request("192.0.2.1", laptop),
    });
    const phoneNow = await resolveViewer(deps, { headers: new Headers({ cookie: phone }), clientAddress: "192.0.2.1" });
    expect(phoneNow).toMatchObject({ viewer: null, expired: true });
    await expect(
      signIn(deps, { email: "anna@example.com", password: "Loaves-And-Fishes-5000", ...request() }),
    ).resolves.toBeDefined();
  });
});

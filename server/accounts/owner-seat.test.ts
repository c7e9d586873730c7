import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { AppError } from "#server/errors/app-error.ts";
import { cookieOf } from "#tests/support/auth-request.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { tokenOf, waitForLinks } from "#tests/support/test-mail.ts";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "./admin-role.ts";
import { createAdminAccount, setRole, UNVERIFIED_ADDRESS_REASON } from "./create-admin-account.ts";
import { OwnerSetup } from "./owner-setup.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";
import { resolveViewer } from "./viewer.ts";

const SQUATTER_PASSWORD = "Mustard-Seed-Faith-42";
const OWNER_PASSWORD = "Still-Waters-Green-Pastures";
let nextClient = 0;
const client = () => ({ headers: new Headers(), clientAddress: `198.51.100.${(nextClient = (nextClient % 250) + 1)}` });

/** Someone who signed up with the owner's address before the owner did: their account and its session. */
describe.each(TEST_ENGINES)("the owner's address, taken first by someone else, on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function squatted(env: Record<string, string> = {}) {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb, env);
    await signUp(deps, { email: "owner@example.com", password: SQUATTER_PASSWORD, ...client() });
    const signedIn = await signIn(deps, { email: "owner@example.com", password: SQUATTER_PASSWORD, ...client() });
    const session = cookieOf(signedIn.headers);
    const viewerOf = async (cookie: string) =>
      (await resolveViewer(deps, { headers: new Headers({ cookie }), clientAddress: "192.0.2.1" })).viewer;
    const row = () =>
      deps.db
        .selectFrom("user")
        .select(["role", "emailVerified"])
        .where("email", "=", "owner@example.com")
        .executeTakeFirstOrThrow();
    return { deps, session, viewerOf, row };
  }

  it("refuses to grant the admin role to an account whose address is unverified, and says why", async () => {
    const { deps, session, viewerOf, row } = await squatted();
    const refusal = await setRole(deps, { email: "Owner@Example.com", role: ADMIN_ROLE }).catch((error) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "CONFLICT", reason: UNVERIFIED_ADDRESS_REASON });
    expect(refusal.message).toContain("has not verified its address");
    expect(await row()).toMatchObject({ role: CUSTOMER_ROLE });
    expect(await viewerOf(session)).toMatchObject({ isAdmin: false });
  });

  it("takes the account back through the setup link: the typed password, every old session ended, then admin", async () => {
    const { deps, session, viewerOf, row } = await squatted();
    const setup = await OwnerSetup.start(deps);
    const spendLink = async () => {
      if (!(await setup.spend(setup.token))) throw new AppError("FORBIDDEN", "spent");
    };
    // A password the policy refuses (the length rules are the form's, /setup's test) changes
    // nothing and keeps the link.
    await expect(
      createAdminAccount(deps, { email: "owner@example.com", password: "password123", spendLink }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { password: expect.stringContaining("too common") } });
    expect(await setup.accepts(setup.token)).toBe(true);

    const created = await createAdminAccount(deps, { email: "OWNER@example.com", password: OWNER_PASSWORD, spendLink });
    expect(created.tookOver).toBe(true);
    expect(await setup.accepts(setup.token)).toBe(false);
    expect(await viewerOf(session)).toBeNull();
    await expect(
      signIn(deps, { email: "owner@example.com", password: SQUATTER_PASSWORD, ...client() }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const owner = await signIn(deps, { email: "owner@example.com", password: OWNER_PASSWORD, ...client() });
    expect(owner.isAdmin).toBe(true);
    expect(await row()).toMatchObject({ role: ADMIN_ROLE });
    expect(Boolean((await row()).emailVerified)).toBe(true);
    expect(await deps.db.selectFrom("user").select("id").execute()).toHaveLength(1);
  });

  it("never lets `create` touch a verified account or an admin's", async () => {
    const { deps } = await squatted();
    await deps.db.updateTable("user").set({ emailVerified: true }).execute();
    await expect(
      createAdminAccount(deps, { email: "owner@example.com", password: OWNER_PASSWORD }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Grant it the admin role") });
    await setRole(deps, { email: "owner@example.com", role: ADMIN_ROLE });
    await expect(
      createAdminAccount(deps, { email: "owner@example.com", password: OWNER_PASSWORD }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      signIn(deps, { email: "owner@example.com", password: SQUATTER_PASSWORD, ...client() }),
    ).resolves.toMatchObject({ isAdmin: true });
  });

  it("takes the account back through a reset link from the mailbox: old sessions end, the address counts as verified, OWNER_EMAIL's is an admin", async () => {
    const { deps, session, viewerOf, row } = await squatted({ OWNER_EMAIL: "owner@example.com" });
    await requestPasswordReset(deps, { email: "owner@example.com", ...client() });
    const [link] = await waitForLinks(testDb.dataDir, "owner@example.com", "/reset-password", 1);
    await resetPassword(deps, { token: tokenOf(link!), password: OWNER_PASSWORD, ...client() });
    expect(await viewerOf(session)).toBeNull();
    expect(await row()).toMatchObject({ role: ADMIN_ROLE });
    expect(Boolean((await row()).emailVerified)).toBe(true);
    await expect(
      signIn(deps, { email: "owner@example.com", password: OWNER_PASSWORD, ...client() }),
    ).resolves.toMatchObject({ isAdmin: true });
  });

  it("lets `grant` make the account an admin once a reset from the mailbox proved the address", async () => {
    const { deps, row } = await squatted();
    await requestPasswordReset(deps, { email: "owner@example.com", ...client() });
    const [link] = await waitForLinks(testDb.dataDir, "owner@example.com", "/reset-password", 1);
    await resetPassword(deps, { token: tokenOf(link!), password: OWNER_PASSWORD, ...client() });
    expect(await row()).toMatchObject({ role: CUSTOMER_ROLE });
    await setRole(deps, { email: "owner@example.com", role: ADMIN_ROLE });
    expect(await row()).toMatchObject({ role: ADMIN_ROLE });
  });
});

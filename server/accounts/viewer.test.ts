import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { authRequest, cookieOf } from "#tests/support/auth-request.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";
import { liveSession, resolveViewer } from "./viewer.ts";

const DAY_MS = 86_400_000;
const CREDENTIALS = { email: "ruth@example.com", password: "Mustard-Seed-Faith-42" };

describe.each(TEST_ENGINES)("a live session looked up in one query, on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function signedIn() {
    setTestDb(await createTestDatabase(engine));
    const deps = createTestAuth(testDb);
    await signUp(deps, { ...CREDENTIALS, ...authRequest("192.0.2.1") });
    const cookie = cookieOf((await signIn(deps, { ...CREDENTIALS, ...authRequest("192.0.2.1") })).headers);
    const auth = await deps.getAuth();
    /** What better-auth itself says of this Cookie header. */
    const betterAuthSays = async (header: string) =>
      (await auth.api.getSession({ headers: new Headers({ cookie: header }) }))?.user.email ?? null;
    const resolve = (header: string) =>
      resolveViewer(deps, { headers: new Headers({ cookie: header }), clientAddress: "192.0.2.1" });
    return { deps, auth, cookie, betterAuthSays, resolve };
  }

  it("answers for a fresh session what better-auth answers, and a changed role at once", async () => {
    const { deps, auth, cookie, betterAuthSays } = await signedIn();
    expect(await liveSession(deps, auth, cookie)).toMatchObject({ email: CREDENTIALS.email, isAdmin: false });
    expect(await betterAuthSays(cookie)).toBe(CREDENTIALS.email);
    await deps.db.updateTable("user").set({ role: "admin" }).where("email", "=", CREDENTIALS.email).execute();
    expect(await liveSession(deps, auth, cookie)).toMatchObject({ isAdmin: true });
  });

  it("leaves a cookie with a wrong signature, or a token without one, to better-auth, which refuses it", async () => {
    const { deps, auth, cookie, betterAuthSays, resolve } = await signedIn();
    const [name, value] = cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    for (const header of [forged, `${name}=${token}`, `${name}=${token}.`]) {
      expect(await liveSession(deps, auth, header)).toBeNull();
      expect(await betterAuthSays(header)).toBeNull();
      expect((await resolve(header)).viewer).toBeNull();
    }
  });

  it("leaves a revoked or expired session to better-auth, which clears the cookie", async () => {
    const { deps, auth, cookie, resolve } = await signedIn();
    await deps.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await liveSession(deps, auth, cookie)).toBeNull();
    const expired = await resolve(cookie);
    expect(expired).toMatchObject({ viewer: null, expired: true });
    expect(expired.headers.getSetCookie().join()).toContain("Max-Age=0");
    await deps.db.deleteFrom("session").execute();
    expect(await liveSession(deps, auth, cookie)).toBeNull();
    expect(await resolve(cookie)).toMatchObject({ viewer: null, expired: true });
  });

  it("leaves a session due for its daily slide to better-auth, which extends it and its cookie", async () => {
    const { deps, auth, cookie, resolve } = await signedIn();
    // Last extended two days ago: 28 of its 30 days left.
    await deps.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() + 28 * DAY_MS).toISOString() })
      .execute();
    expect(await liveSession(deps, auth, cookie)).toBeNull();
    const slid = await resolve(cookie);
    expect(slid.viewer).toMatchObject({ email: CREDENTIALS.email });
    expect(slid.headers.getSetCookie().join()).toContain("shop.session_token=");
    const { expiresAt } = await deps.db.selectFrom("session").select("expiresAt").executeTakeFirstOrThrow();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    // Slid: the next request is the everyday case again.
    expect(await liveSession(deps, auth, cookie)).toMatchObject({ email: CREDENTIALS.email });
  });

  it("leaves a leftover session-data cookie to better-auth, which clears it", async () => {
    const { deps, auth, cookie, resolve } = await signedIn();
    const header = `${cookie}; shop.session_data=left-over`;
    expect(await liveSession(deps, auth, header)).toBeNull();
    const resolved = await resolve(header);
    expect(resolved.viewer).toMatchObject({ email: CREDENTIALS.email });
    expect(resolved.headers.getSetCookie().join()).toContain("shop.session_data=");
  });

  it("leaves a header naming the session cookie twice to better-auth, so every reader agrees on whose it is", async () => {
    const { deps, auth, cookie: ruth, betterAuthSays, resolve } = await signedIn();
    const other = { email: "naomi@example.com", password: CREDENTIALS.password };
    await signUp(deps, { ...other, ...authRequest("192.0.2.2") });
    const naomi = cookieOf((await signIn(deps, { ...other, ...authRequest("192.0.2.2") })).headers);
    const [name, value] = ruth.split("=") as [string, string];
    // better-call reads the first (a stray quote cut off), hono would skip it and read the second.
    for (const header of [`${name}="${value}q; ${naomi}`, `\u00a0${name}=${value}; ${naomi}`]) {
      expect(await liveSession(deps, auth, header)).toBeNull();
      const said = await betterAuthSays(header);
      expect((await resolve(header)).viewer?.email ?? null).toBe(said);
    }
  });
});

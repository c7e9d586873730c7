import type { KyselyPlugin } from "kysely";
import { expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { HashQueue } from "#server/security/hash-queue.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInCookie, TEST_PASSWORD } from "#tests/support/test-sessions.ts";
import { changePassword } from "./change-password.ts";
import { lazyAuth } from "./lazy-auth.ts";
import { signIn } from "./sign-in.ts";
import { resolveViewer } from "./viewer.ts";

const [t, setT] = useFixtureSetByTests<TestApp>();

/** Calls `onRun` as each hashing job starts. */
class WatchedQueue extends HashQueue {
  onRun: (() => void) | undefined;
  override run<T>(work: () => Promise<T>): Promise<T> {
    return super.run(() => {
      this.onRun?.();
      return work();
    });
  }
}

// On SQLite every query shares one connection: better-auth's writes must wait for another
// request's open transaction, not run inside it and share its rollback.
it("keeps a password change, and the other sessions it ended, when another request's transaction rolls back meanwhile (SQLite)", async () => {
  const queue = new WatchedQueue();
  setT(await createTestApp("sqlite", { hashQueue: queue }));
  const email = "victim@example.com";
  await signedInCookie(t.services, email, { clientAddress: "192.0.2.7" });
  const signedIn = async (clientAddress: string) =>
    (await signIn(t.services, { email, password: TEST_PASSWORD, headers: new Headers(), clientAddress })).headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  const stolen = await signedIn("192.0.2.8");
  const mine = await signedIn("192.0.2.7");

  // better-auth as the shop builds it, over the same driver (so the same lock), watched: the moment
  // it asks for a query, before that query waits for the connection, is seen.
  let watching = false;
  let asked!: () => void;
  const authAsked = new Promise<void>((resolve) => (asked = resolve));
  const watch: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (watching) asked();
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const { database } = t.services;
  const watched = {
    ...t.services,
    getAuth: lazyAuth({ ...t.services, database: { ...database, authDb: database.authDb.withPlugin(watch) } }),
  };

  // An order whose prices changed, say: its transaction opens while the new password is hashed,
  // and rolls back once the password change has asked for its next query (its writes come next).
  let other: Promise<unknown> | undefined;
  queue.onRun = () => {
    queue.onRun = undefined;
    watching = true;
    other = t.services.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom("books").select("id").limit(1).execute();
        await authAsked;
        // A turn of the event loop more: written beside the transaction, the change would have
        // landed in it by then (better-sqlite3 answers at once); through the lock, it waits.
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
  };
  await changePassword(watched, {
    currentPassword: TEST_PASSWORD,
    password: "Brand-New-Password-Psalm-91",
    headers: new Headers({ cookie: mine }),
    clientAddress: "192.0.2.7",
  });
  expect(await other).toBe("rolled back");

  const elsewhere = await resolveViewer(t.services, {
    headers: new Headers({ cookie: stolen }),
    clientAddress: "192.0.2.8",
  });
  expect(elsewhere.viewer).toBeNull();
  await expect(
    signIn(t.services, { email, password: TEST_PASSWORD, headers: new Headers(), clientAddress: "192.0.2.9" }),
  ).rejects.toThrow("Invalid email or password.");
});

import { afterEach, expect, it } from "vitest";
import { HashQueue } from "#server/security/hash-queue.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInCookie, TEST_PASSWORD } from "#tests/support/test-sessions.ts";
import { changePassword } from "./change-password.ts";
import { signIn } from "./sign-in.ts";
import { resolveViewer } from "./viewer.ts";

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

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
  t = await createTestApp("sqlite", { hashQueue: queue });
  const email = "victim@example.com";
  await signedInCookie(t.services, email, { clientAddress: "192.0.2.7" });
  const signedIn = async (clientAddress: string) =>
    (await signIn(t.services, { email, password: TEST_PASSWORD, headers: new Headers(), clientAddress })).headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  const stolen = await signedIn("192.0.2.8");
  const mine = await signedIn("192.0.2.7");

  // An order whose prices changed, say: its transaction opens while the new password is hashed,
  // and rolls back a moment later.
  let other: Promise<unknown> | undefined;
  queue.onRun = () => {
    queue.onRun = undefined;
    other = t.services.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom("books").select("id").limit(1).execute();
        // Held open while the password change writes: the overlap is what is tested (no event ends it).
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
  };
  await changePassword(t.services, {
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

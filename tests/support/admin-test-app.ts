import type { DatabaseEngine } from "#server/db/database.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { useFixture } from "./test-fixture.ts";
import { signedInCookie } from "./test-sessions.ts";

/** The test app and the Cookie header of an admin's session on it. */
export interface AdminTestApp {
  t: TestApp;
  admin: string;
}

/** A viewer to sign in: a customer's e-mail address, or staff's with `admin: true`. */
export type TestViewer = string | { email: string; admin: true };

/**
 * The test app on `engine` with an admin signed in as `email`, made once before the calling
 * describe block's tests and cleaned up after them; its fields are set once they have begun.
 */
export function useAdminTestApp(engine: DatabaseEngine, email = "owner@example.com"): AdminTestApp {
  return useSignedInTestApp(engine, { admin: { email, admin: true } });
}

/**
 * The test app on `engine` (with `env` when given) and the Cookie header of a session for each
 * of `viewers`, signed in in the order given, made once before the calling describe block's
 * tests and cleaned up after them; its fields are set once they have begun.
 */
export function useSignedInTestApp<Name extends string>(
  engine: DatabaseEngine,
  viewers: Record<Name, TestViewer>,
  env?: Record<string, string>,
): { t: TestApp } & Record<Name, string> {
  return useFixture(async () => {
    const t = await createTestApp(engine, env ? { env } : {});
    const cookies = {} as Record<Name, string>;
    for (const [name, viewer] of Object.entries<TestViewer>(viewers)) {
      cookies[name as Name] =
        typeof viewer === "string"
          ? await signedInCookie(t.services, viewer)
          : await signedInCookie(t.services, viewer.email, { admin: true });
    }
    return { t, ...cookies, cleanup: () => t.cleanup() };
  }, "all");
}

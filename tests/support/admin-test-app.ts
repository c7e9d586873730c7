import { afterAll, beforeAll } from "vitest";
import type { DatabaseEngine } from "#server/db/database.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { signedInCookie } from "./test-sessions.ts";

/** The test app and the Cookie header of an admin's session on it. */
export interface AdminTestApp {
  t: TestApp;
  admin: string;
}

/**
 * The test app on `engine` with an admin signed in as `email`, made once before the calling
 * describe block's tests and cleaned up after them; its fields are set once they have begun.
 */
export function useAdminTestApp(engine: DatabaseEngine, email = "owner@example.com"): AdminTestApp {
  const shop = {} as AdminTestApp;
  beforeAll(async () => {
    shop.t = await createTestApp(engine);
    shop.admin = await signedInCookie(shop.t.services, email, { admin: true });
  });
  afterAll(async () => {
    await shop.t?.cleanup();
  });
  return shop;
}

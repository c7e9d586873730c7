import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { startServices } from "#server/boot.ts";
import { loadEnv } from "#server/config/env.ts";
import { createLogger } from "#server/logging/logger.ts";
import type { AppServices } from "#server/services.ts";
import { authRequest } from "#tests/support/auth-request.ts";
import { openSharedStores, TEST_STORE_KINDS, type SharedStores } from "#tests/support/rate-limit-stores.ts";
import { signIn } from "./sign-in.ts";
import { signUp } from "./sign-up.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
const TOO_MANY = /^Too many attempts, try again in \d+ seconds?\.$/;
const silent = () => createLogger("silent", new Writable({ write: (_c, _e, cb) => cb() }));

/**
 * Two instances of the shop (two AppServices, each with its own connection) on one database, or
 * one Redis: the accounts hardening limits hold across them, not once per instance.
 */
describe.each(TEST_STORE_KINDS)("account limits across two instances on %s", (kind) => {
  let shared: SharedStores;
  let instances: AppServices[] = [];
  afterEach(async () => {
    await shared?.cleanup();
    instances = [];
  });

  async function startTwoInstances(): Promise<[AppServices, AppServices]> {
    shared = await openSharedStores(kind);
    const env = loadEnv({ DATA_DIR: shared.testDb.dataDir, NODE_ENV: "test", APP_SECRET: "s".repeat(40) });
    const redis = kind === "redis";
    const start = (index: 0 | 1) =>
      startServices(env, {
        database: index === 0 ? shared.testDb.handle : shared.secondDatabase,
        logger: silent(),
        // The database stores are the ones startServices builds; Redis ones carry this test's key prefix.
        ...(redis ? { rateLimitStore: shared.stores[index] } : {}),
      });
    instances = [await start(0), await start(1)];
    return instances as [AppServices, AppServices];
  }

  it("counts sign-in failures from one client on both: 4 through one and the 5th through the other reach the limit", async () => {
    const [first, second] = await startTwoInstances();
    await signUp(first, { email: "anna@example.com", password: PASSWORD, ...authRequest("192.0.2.50") });
    const attempt = (services: AppServices, password: string) =>
      signIn(services, { email: "anna@example.com", password, headers: new Headers(), clientAddress: "192.0.2.1" });
    for (let i = 0; i < 4; i++) {
      await expect(attempt(first, `wrong-${i}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(attempt(second, "wrong-4")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    for (const services of [second, first]) {
      await expect(attempt(services, PASSWORD)).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringMatching(TOO_MANY),
      });
    }
  });

  it("makes guesses against one account from many addresses wait on every instance", async () => {
    const [first, second] = await startTwoInstances();
    await signUp(first, { email: "anna@example.com", password: PASSWORD, ...authRequest("192.0.2.50") });
    let client = 0;
    const guess = (services: AppServices, password: string) =>
      signIn(services, {
        email: "anna@example.com",
        password,
        headers: new Headers(),
        clientAddress: `198.51.100.${++client}`,
      });
    // Five free failures, spread over both, then the sixth try is let through and fails.
    for (let i = 0; i < 6; i++) {
      await expect(guess(i % 2 ? second : first, `wrong-${i}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    for (const services of [first, second]) {
      await expect(guess(services, PASSWORD)).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: "Too many attempts, try again in 1 second.",
      });
    }
  });
});

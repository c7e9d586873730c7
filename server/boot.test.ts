import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { countRows } from "#tests/support/row-count.ts";
import { startServices } from "./boot.ts";
import { loadEnv } from "./config/env.ts";
import { createLogger } from "./logging/logger.ts";
import { SEED_BOOKS } from "./seed/catalogue.ts";
import type { AppServices } from "./services.ts";

describe.each(TEST_ENGINES)("the first start's seed on %s", (engine) => {
  let testDb: TestDatabase | undefined;
  let services: AppServices | undefined;
  afterEach(async () => {
    await services?.rateLimitStore.close();
    await testDb?.cleanup();
    services = undefined;
    testDb = undefined;
  });

  async function firstStart(nodeEnv: "production" | "development") {
    testDb = await createTestDatabase(engine);
    const env = loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: nodeEnv, APP_SECRET: "s".repeat(40) });
    const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    services = await startServices(env, { database: testDb.handle, logger: createLogger("info", silent) });
    const count = (table: "books" | "orders") => countRows(services!.db, table);
    return { books: await count("books"), orders: await count("orders") };
  }

  it("gives a live shop (NODE_ENV=production) the catalogue but no sample orders", async () => {
    expect(await firstStart("production")).toEqual({ books: SEED_BOOKS.length, orders: 0 });
  });

  it("seeds the sample orders outside production", async () => {
    expect(await firstStart("development")).toEqual({ books: SEED_BOOKS.length, orders: 3 });
  });
});

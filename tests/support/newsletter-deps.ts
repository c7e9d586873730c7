import { Writable } from "node:stream";
import { createLogger } from "#server/logging/logger.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import type { NewsletterDeps } from "#server/subscribers/newsletter-mail.ts";
import type { DatabaseEngine } from "#server/db/database.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";
import { useFixtureSetByTests } from "./test-fixture.ts";

export const TEST_PUBLIC_URL = "https://shop.example";
export const TEST_APP_SECRET = "newsletter-test-secret-".padEnd(40, "x");

/**
 * What the newsletter use cases get in the server, over a test database: the file mailer (mail
 * lands in DATA_DIR/mail, see outbox.ts) unless a test passes its own, and a logger whose lines
 * the test can read.
 */
export function newsletterTestDeps(
  testDb: TestDatabase,
  mailer?: Mailer,
): NewsletterDeps & { logs: Record<string, unknown>[] } {
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const logger = createLogger("info", destination);
  return {
    db: testDb.handle.db,
    mailer: mailer ?? createMailer({ dataDir: testDb.dataDir, logger }),
    logger,
    clock: () => new Date(),
    env: { PUBLIC_URL: TEST_PUBLIC_URL, APP_SECRET: TEST_APP_SECRET },
    logs,
  };
}

/**
 * For a describe block of newsletter tests on `engine`: `open()` gives a test a fresh database
 * and the deps over it, cleaned up after the test; `testDb` is the current test's database, and
 * `rows()` its subscribers, by address.
 */
export function useNewsletterDatabase(engine: DatabaseEngine) {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const open = async () => {
    setTestDb(await createTestDatabase(engine));
    return { db: testDb.handle.db, deps: newsletterTestDeps(testDb) };
  };
  const rows = () =>
    testDb.handle.db.selectFrom("email_subscribers").select(["id", "email", "confirmed_at"]).orderBy("email").execute();
  return { testDb, open, rows };
}

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createEmptyTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { MigrationContext } from "../migration-context.ts";
import * as initialSchema from "./0001-initial-schema.ts";
import * as subscriberConfirmation from "./0005-subscriber-confirmation.ts";

describe.each(TEST_ENGINES)("migration 0005 (subscriber confirmation) on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("counts the subscribers from before double opt-in as confirmed when they subscribed", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    const context: MigrationContext = { engine, timestamp: engine === "sqlite" ? "text" : "timestamptz" };
    const { db } = testDb.handle;
    await initialSchema.up(db as never, context);
    await db
      .insertInto("email_subscribers")
      .values([
        { id: "a", email: "early@example.com", subscribed_at: "2025-06-01T08:00:00.000Z" },
        { id: "b", email: "later@example.com", subscribed_at: "2025-07-01T08:00:00.000Z" },
      ] as never)
      .execute();

    await subscriberConfirmation.up(db as never, context);

    expect(
      await db
        .selectFrom("email_subscribers")
        .select(["id", "confirmed_at", "confirmation_sent_at"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { id: "a", confirmed_at: "2025-06-01T08:00:00.000Z", confirmation_sent_at: null },
      { id: "b", confirmed_at: "2025-07-01T08:00:00.000Z", confirmation_sent_at: null },
    ]);
  });
});

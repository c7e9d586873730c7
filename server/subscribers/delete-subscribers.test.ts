import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { newsletterTestDeps } from "#tests/support/newsletter-deps.ts";
import { BULK_SUBSCRIBER_LIMIT } from "./subscriber-schema.ts";
import { deleteSubscribers, describeRemoval } from "./delete-subscribers.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("deleteSubscribers on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("removes the chosen subscribers only, and a retry finds them already gone", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    const deps = newsletterTestDeps(testDb);
    for (const email of ["a@example.com", "b@example.com", "keep@example.com"]) await subscribe(deps, { email });
    const rows = await db.selectFrom("email_subscribers").select(["id", "email"]).execute();
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    const chosen = [idOf("a@example.com"), idOf("b@example.com"), idOf("a@example.com")];

    const first = await deleteSubscribers({ db }, { subscriberIds: chosen });
    expect(first).toEqual({ removed: 2, alreadyGone: 0 });
    expect(describeRemoval(first)).toBe("2 subscribers removed.");
    expect(await db.selectFrom("email_subscribers").select("email").execute()).toEqual([{ email: "keep@example.com" }]);

    const retry = await deleteSubscribers({ db }, { subscriberIds: chosen });
    expect(retry).toEqual({ removed: 0, alreadyGone: 2 });
    expect(describeRemoval(retry)).toBe("0 subscribers removed. 2 were already gone.");
  });

  it("refuses an empty choice and more than the limit, removing nothing", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    await subscribe(newsletterTestDeps(testDb), { email: "keep@example.com" });
    const { id } = await db.selectFrom("email_subscribers").select("id").executeTakeFirstOrThrow();
    for (const subscriberIds of [[], undefined, id, [""], [7]]) {
      await expect(deleteSubscribers({ db }, { subscriberIds }), String(subscriberIds)).rejects.toMatchObject({
        code: "VALIDATION",
      });
    }
    const tooMany = [id, ...Array.from({ length: BULK_SUBSCRIBER_LIMIT }, (_, i) => `x-${i}`)];
    await expect(deleteSubscribers({ db }, { subscriberIds: tooMany })).rejects.toMatchObject({
      code: "VALIDATION",
      message: `Please choose at most ${BULK_SUBSCRIBER_LIMIT} subscribers at a time.`,
    });
    expect(await db.selectFrom("email_subscribers").select("id").execute()).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { AppError } from "#server/errors/app-error.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("subscribe on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  const rows = () => testDb.handle.db.selectFrom("email_subscribers").select("email").execute();

  it("stores a trimmed address once, whatever its letter case", async () => {
    testDb = await createTestDatabase(engine);
    await subscribe(testDb.handle.db, "  Reader@Example.com ");
    expect(await rows()).toEqual([{ email: "Reader@Example.com" }]);
    const again = subscribe(testDb.handle.db, "reader@example.COM");
    await expect(again).rejects.toThrow(AppError);
    await expect(again).rejects.toMatchObject({ code: "CONFLICT", message: "This email address is already on our list." });
    expect(await rows()).toHaveLength(1);
  });

  it("refuses empty and invalid addresses without writing", async () => {
    testDb = await createTestDatabase(engine);
    for (const [input, message] of [
      ["", "Please enter your email address."],
      ["   ", "Please enter your email address."],
      [undefined, "Please enter your email address."],
      ["not-an-email", "Please enter a valid email address."],
      [`${"a".repeat(250)}@example.com`, "Please enter a valid email address."],
    ] as const) {
      await expect(subscribe(testDb.handle.db, input)).rejects.toMatchObject({ code: "VALIDATION", message });
    }
    expect(await rows()).toEqual([]);
  });
});

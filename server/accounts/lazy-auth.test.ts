import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestAuth } from "#tests/support/test-auth.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.ts";

describe("lazyAuth", () => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("builds better-auth once, however many requests ask for it at the same moment", async () => {
    setTestDb(await createTestDatabase("sqlite"));
    const { getAuth } = createTestAuth(testDb);
    const [first, second] = await Promise.all([getAuth(), getAuth()]);
    expect(first).toBe(second);
    expect(await getAuth()).toBe(first);
    expect(typeof first.api.signInEmail).toBe("function");
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { HashQueue } from "#server/security/hash-queue.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// A full hashing queue through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("a full password hashing queue on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  it("answers sign-in and sign-up with 503 and a message, not a 500", async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    setT(await createTestApp(engine, { hashQueue: queue }));
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const post = (path: string, fields: Record<string, string>) =>
      t.app.request(path, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const credentials = { email: "anna@example.com", password: "Mustard-Seed-Faith-42" };
    for (const path of ["/login", "/login.data", "/signup", "/signup.data"]) {
      const response = await post(path, credentials);
      expect(response.status, path).toBe(503);
      expect(await response.text(), path).toContain("The server is busy right now. Please try again in a minute.");
    }
    expect(t.logs.filter((line) => line.msg === "action failed")).toEqual([]);
    release();
    await busy;
    expect((await post("/signup.data", credentials)).status).toBe(202);
  });
});

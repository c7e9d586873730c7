import { afterEach, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
});

it("keeps refusing sign-in floods, never a 500, while the configured Redis is unreachable", async () => {
  // Nothing listens on port 1: the shop starts anyway and counts in its own memory meanwhile.
  t = await createTestApp("sqlite", { env: { REDIS_URL: "redis://127.0.0.1:1" } });
  const signIn = () =>
    t!.app.request("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "anna@example.com", password: "not-her-password" }).toString(),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await signIn()).status);
  // The sixth is sent back to the form (303) with the wait (server/http/spent-sign-in-gate.ts).
  expect(statuses).toEqual([401, 401, 401, 401, 401, 303]);
  expect(t.logs.filter((line) => String(line.msg).includes("Redis is unreachable"))).toHaveLength(1);
  expect(t.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
});

import { expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.ts";

it("allows the limit per window and per key, then says how long to wait", () => {
  const limiter = new RateLimiter(3, 60_000);
  const t = 1_000_000;
  expect([1, 2, 3].map(() => limiter.consume("a", t))).toEqual([0, 0, 0]);
  expect(limiter.consume("a", t + 1_000)).toBe(59);
  expect(limiter.consume("b", t + 1_000)).toBe(0);
  expect(limiter.consume("a", t + 60_000)).toBe(0);
});

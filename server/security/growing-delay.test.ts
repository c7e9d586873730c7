import { expect, it } from "vitest";
import { GrowingDelay } from "./growing-delay.ts";

it("lets the first failures through, then doubles the wait per failure up to its cap", () => {
  const delay = new GrowingDelay(3, 8_000);
  let now = 1_000_000;
  for (let i = 0; i < 3; i++) {
    expect(delay.admit("anna", now)).toBe(0);
    delay.fail("anna", now);
  }
  const waits: number[] = [];
  for (let i = 0; i < 6; i++) {
    expect(delay.admit("anna", now)).toBe(0);
    delay.fail("anna", now);
    waits.push(delay.admit("anna", now));
    now += waits.at(-1)! * 1000;
  }
  expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
  expect(delay.admit("ben", now)).toBe(0);
});

it("lets only one try through per wait, whoever makes it, and never locks the account for good", () => {
  const delay = new GrowingDelay(1, 60_000, 15 * 60_000);
  let now = 1_000_000;
  delay.fail("anna", now);
  for (let i = 0; i < 20; i++) {
    expect(delay.admit("anna", now)).toBe(0);
    delay.fail("anna", now);
    const wait = delay.admit("anna", now);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(delay.admit("anna", now + 500)).toBeGreaterThan(0);
    now += wait * 1000;
  }
  now += 16 * 60_000;
  expect(delay.admit("anna", now)).toBe(0);
  delay.fail("anna", now);
  expect(delay.admit("anna", now)).toBe(0);
});

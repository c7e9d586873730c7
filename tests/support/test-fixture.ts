import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** What a test makes and must take down again: a test app, a database, a payment fixture. */
export interface Fixture {
  cleanup(): Promise<void>;
}

/**
 * `start`'s fixture for the calling describe block, made afresh before each of its tests
 * ("each") or once before them all ("all"), and cleaned up after. The object returned takes
 * the fixture's fields once a test has begun, so tests read it as they would the fixture.
 */
export function useFixture<T extends Fixture>(start: () => Promise<T>, lifetime: "each" | "all" = "each"): T {
  const fixture = {} as T;
  let made: T | undefined;
  const [before, after] = lifetime === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    made = await start();
    Object.assign(fixture, made);
  });
  after(async () => {
    await made?.cleanup();
    made = undefined;
    // No field of this test's fixture may stand in for the next one's.
    for (const key of Object.keys(fixture)) Reflect.deleteProperty(fixture, key);
  });
  return fixture;
}

/**
 * For tests that make their own fixture, each as it needs it (empty, seeded, with its options):
 * `set(await start(…))` puts it into the object returned, so that helpers of the describe block
 * read the current test's, and every fixture set during a test is cleaned up after it.
 */
export function useFixtureSetByTests<T extends Fixture>(): [fixture: T, set: (made: T) => T] {
  const fixture = {} as T;
  const made: T[] = [];
  afterEach(async () => {
    for (const each of made.splice(0).reverse()) await each.cleanup();
    for (const key of Object.keys(fixture)) Reflect.deleteProperty(fixture, key);
  });
  const set = (next: T) => {
    made.push(next);
    for (const key of Object.keys(fixture)) Reflect.deleteProperty(fixture, key);
    return Object.assign(fixture, next);
  };
  return [fixture, set];
}

import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimitStore } from "./rate-limit-store.ts";

/**
 * A fixed-window counter per key (usually the client's address), kept in the shared store, so
 * every instance on it counts together.
 */
export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #limiter: RateLimiterAbstract;

  constructor(store: RateLimitStore, options: { name: string; limit: number; windowMs: number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.#limiter = store.limiter({
      name: options.name,
      points: options.limit,
      durationSeconds: options.windowMs / 1000,
    });
  }

  /**
   * Counts one attempt (or `points` of them); resolves to how many seconds to wait when over the
   * limit, else 0. A refused use of several points is not kept: a smaller one may still fit.
   */
  async consume(key: string, points = 1): Promise<number> {
    try {
      await this.#limiter.consume(key, points);
      return 0;
    } catch (rejection) {
      const wait = secondsToWait(rejection);
      if (points > 1) await this.#limiter.reward(key, points);
      return wait;
    }
  }

  /** Takes back `points` counted by `consume` for a use that did not happen after all. */
  async giveBack(key: string, points: number): Promise<void> {
    await this.#limiter.reward(key, points);
  }

  /** Seconds to wait if the key is already at its limit, else 0; counts nothing. */
  async peek(key: string): Promise<number> {
    const state = await this.#limiter.get(key);
    if (!state || state.consumedPoints < this.limit) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }
}

/**
 * The library refuses with a RateLimiterRes (the wait) and fails with an Error (the store could
 * not be reached): the wait in whole seconds, or the error thrown on (a database outage then
 * answers 503 like any other query's).
 */
export function secondsToWait(rejection: unknown): number {
  if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  throw rejection;
}

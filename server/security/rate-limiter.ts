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

  /** Counts one attempt; resolves to how many seconds to wait when over the limit, else 0. */
  async consume(key: string): Promise<number> {
    try {
      await this.#limiter.consume(key);
      return 0;
    } catch (rejection) {
      return secondsToWait(rejection);
    }
  }

  /**
   * Counts `points` at once when they fit; resolves to how many seconds to wait when they do not,
   * else 0. A refused count is taken back, so a smaller one may still fit. (The store adds before
   * it compares: for the moment between the two, a count that would fit may be refused too.)
   */
  async consumePoints(key: string, points: number): Promise<number> {
    try {
      await this.#limiter.consume(key, points);
      return 0;
    } catch (rejection) {
      const wait = secondsToWait(rejection);
      await this.giveBack(key, points);
      return wait;
    }
  }

  /**
   * Takes back `points` counted for a use that did not happen after all. The stores add the
   * negative count to a fresh window when the counted one has ended meanwhile (or the key is
   * gone): that would leave room beyond the limit, so such a key is removed instead.
   */
  async giveBack(key: string, points: number): Promise<void> {
    const after = await this.#limiter.reward(key, points);
    if (after.consumedPoints < 0) await this.#limiter.delete(key);
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

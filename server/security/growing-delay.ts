import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimitStore } from "./rate-limit-store.ts";
import { secondsToWait } from "./rate-limiter.ts";

/**
 * A wait per key (an account) that grows with its failures, from any address: the first
 * `freeFailures` cost nothing, then each further try must wait 1 s, 2 s, 4 s … at most
 * `maxDelayMs` after the one before. Past the free failures only one try per wait gets through,
 * even with the right password (else the answer during the wait would tell a right guess from a
 * wrong one), and a success does not clear the wait for everyone else. It never becomes a
 * lock-out: the wait is capped and the failures are forgotten after `forgetAfterMs` of quiet.
 *
 * Shared by every instance on the store (decision 0011), from two of the library's counters:
 * `failures` (renewed for `forgetAfterMs` by every failure) and a `slot` of one point whose
 * window is the current wait. A try takes the slot with an atomic consume, so of concurrent
 * tries on any instances exactly one gets through; a failure blocks the slot for its wait.
 */
export class GrowingDelay {
  readonly freeFailures: number;
  readonly maxDelayMs: number;
  readonly forgetAfterMs: number;
  readonly #failures: RateLimiterAbstract;
  readonly #slot: RateLimiterAbstract;

  constructor(
    store: RateLimitStore,
    options: { name: string; freeFailures?: number; maxDelayMs?: number; forgetAfterMs?: number },
  ) {
    this.freeFailures = options.freeFailures ?? 5;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 15 * 60_000;
    // Points only matter for `consume`, which the failure counter never uses.
    this.#failures = store.limiter({
      name: `${options.name}:failures`,
      points: this.freeFailures,
      durationSeconds: this.forgetAfterMs / 1000,
    });
    this.#slot = store.limiter({ name: `${options.name}:slot`, points: 1, durationSeconds: 1 });
  }

  /** Seconds to wait before `key` may be tried, else 0; a try let through past the free failures takes the next slot. */
  async admit(key: string): Promise<number> {
    const failures = (await this.#failures.get(key))?.consumedPoints ?? 0;
    // Tries arriving while this one is checked wait as if it failed.
    const delayMs = this.delayMs(failures + 1);
    if (delayMs === 0) return 0;
    try {
      await this.#slot.consume(key, 1, { customDuration: delayMs / 1000 });
      return 0;
    } catch (rejection) {
      return secondsToWait(rejection);
    }
  }

  /** Records a wrong password for `key`. */
  async fail(key: string): Promise<void> {
    const { consumedPoints: failures } = await this.#failures.penalty(key, 1);
    // The library's window runs from the first failure; each failure restarts the quiet period.
    await this.#failures.set(key, failures, this.forgetAfterMs / 1000);
    const delayMs = this.delayMs(failures);
    if (delayMs > 0) await this.#slot.block(key, delayMs / 1000);
  }

  /** The wait after the `failures`-th failure. */
  delayMs(failures: number): number {
    if (failures <= this.freeFailures) return 0;
    return Math.min(1000 * 2 ** (failures - this.freeFailures - 1), this.maxDelayMs);
  }
}

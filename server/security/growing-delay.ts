/**
 * A wait per key (an account) that grows with its failures, from any address: the first
 * `freeFailures` cost nothing, then each further try must wait 1 s, 2 s, 4 s … at most
 * `maxDelayMs` after the one before. Past the free failures only one try per wait gets through,
 * even with the right password (else the answer during the wait would tell a right guess from a
 * wrong one), and a success does not clear the wait for everyone else. It never becomes a
 * lock-out: the wait is capped and the failures are forgotten after `forgetAfterMs` of quiet.
 * Kept in this process's memory, like RateLimiter.
 */
export class GrowingDelay {
  readonly #keys = new Map<string, { failures: number; lastFailureAt: number; openAt: number }>();

  constructor(
    readonly freeFailures = 5,
    readonly maxDelayMs = 60_000,
    readonly forgetAfterMs = 15 * 60_000,
  ) {}

  /** Seconds to wait before `key` may be tried, else 0; a try let through past the free failures takes the next slot. */
  admit(key: string, now = Date.now()): number {
    const entry = this.#live(key, now);
    if (!entry) return 0;
    if (now < entry.openAt) return Math.ceil((entry.openAt - now) / 1000);
    // Tries arriving while this one is checked wait as if it failed.
    entry.openAt = now + this.delayMs(entry.failures + 1);
    return 0;
  }

  /** Records a wrong password for `key`. */
  fail(key: string, now = Date.now()): void {
    if (this.#keys.size > 10_000) this.#sweep(now);
    const entry = this.#live(key, now) ?? { failures: 0, lastFailureAt: now, openAt: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    entry.openAt = now + this.delayMs(entry.failures);
    this.#keys.set(key, entry);
  }

  /** The wait after the `failures`-th failure. */
  delayMs(failures: number): number {
    if (failures <= this.freeFailures) return 0;
    return Math.min(1000 * 2 ** (failures - this.freeFailures - 1), this.maxDelayMs);
  }

  #live(key: string, now: number) {
    const entry = this.#keys.get(key);
    if (entry && now - entry.lastFailureAt > this.forgetAfterMs && now >= entry.openAt) {
      this.#keys.delete(key);
      return undefined;
    }
    return entry;
  }

  #sweep(now: number): void {
    for (const key of this.#keys.keys()) this.#live(key, now);
  }
}

import { AsyncLocalStorage } from "node:async_hooks";
import { availableParallelism } from "node:os";
import pLimit, { type LimitFunction } from "p-limit";
import { AppError } from "#server/errors/app-error.ts";

/** Places in the queue only known browsers and reset links may take (see assertRoom). */
const RESERVED_PLACES = 8;

export const SERVER_BUSY_MESSAGE = "The server is busy right now. Please try again in a minute.";

/**
 * The one queue every password hash and check (argon2) goes through. argon2 is built to eat CPU
 * and memory; without a bound, a burst of sign-ins takes every core and the shop's pages wait.
 * At most `concurrency` run at once (by default one core less than the machine has, so page
 * rendering keeps one), at most `maxWaiting` wait; past that, a request is refused at once with
 * UNAVAILABLE (503) instead of queueing without end.
 */
export class HashQueue {
  readonly #limit: LimitFunction;
  readonly #admitted = new AsyncLocalStorage<true>();
  readonly maxWaiting: number;

  constructor({ concurrency = Math.max(1, availableParallelism() - 1), maxWaiting = 32 } = {}) {
    this.#limit = pLimit(concurrency);
    this.maxWaiting = maxWaiting;
  }

  /** Runs one argon2 call when its turn comes; refuses when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (!this.#admitted.getStore()) this.assertRoom();
    return this.#limit(work);
  }

  /**
   * Checks for room now, then runs `work`, whose argon2 calls wait their turn even if the queue
   * fills meanwhile. For a use case that spends something before it hashes (a reset consumes its
   * single-use link first): refusing after that would burn the link.
   */
  admit<T>(work: () => Promise<T>, options: { reserved?: boolean } = {}): Promise<T> {
    this.assertRoom(options.reserved ? RESERVED_PLACES : 0);
    return this.#admitted.run(true, work);
  }

  /**
   * Refuses when the queue is full. `extra` places past `maxWaiting` are kept for work that
   * strangers cannot send (a browser known to the account, a valid reset link): a flood of
   * sign-ins from many addresses makes their owners wait their turn, not be turned away.
   */
  assertRoom(extra = 0): void {
    const queued = this.#limit.activeCount + this.#limit.pendingCount;
    if (queued >= this.#limit.concurrency + this.maxWaiting + extra) {
      throw new AppError("UNAVAILABLE", SERVER_BUSY_MESSAGE);
    }
  }
}

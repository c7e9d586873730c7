import { RateLimiter } from "./rate-limiter.ts";

/** The public forms' limits per client address. */
export function createRateLimits() {
  return {
    trackOrder: new RateLimiter(20, 60_000),
    subscribe: new RateLimiter(10, 60_000),
    contact: new RateLimiter(5, 60_000),
    /** Orders placed (checked forms only): an invoice order holds stock unpaid, so one client cannot hoard it. */
    checkout: new RateLimiter(20, 10 * 60_000),
    /** Books CSV imports by an admin: each validates a file of up to 5 MB and writes in one transaction. */
    bookImport: new RateLimiter(10, 10 * 60_000),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

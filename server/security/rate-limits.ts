import { RateLimiter } from "./rate-limiter.ts";

/** The public forms' limits per client address. */
export function createRateLimits() {
  return {
    trackOrder: new RateLimiter(20, 60_000),
    subscribe: new RateLimiter(10, 60_000),
    contact: new RateLimiter(5, 60_000),
    /** Orders placed (checked forms only): an invoice order holds stock unpaid, so one client cannot hoard it. */
    checkout: new RateLimiter(20, 10 * 60_000),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

import type { RateLimitStore } from "./rate-limit-store.ts";
import { RateLimiter } from "./rate-limiter.ts";

/** The public forms' limits per client address, counted in the shared store. */
export function createRateLimits(store: RateLimitStore) {
  return {
    trackOrder: new RateLimiter(store, { name: "trackOrder", limit: 20, windowMs: 60_000 }),
    subscribe: new RateLimiter(store, { name: "subscribe", limit: 10, windowMs: 60_000 }),
    contact: new RateLimiter(store, { name: "contact", limit: 5, windowMs: 60_000 }),
    /** Orders placed (checked forms only): an invoice order holds stock unpaid, so one client cannot hoard it. */
    checkout: new RateLimiter(store, { name: "checkout", limit: 20, windowMs: 10 * 60_000 }),
    /**
     * Calls to Stripe a buyer's browser causes (the confirmation's check on the way back from
     * Stripe, Pay by card): the shop's Stripe API allowance is shared by every buyer.
     */
    cardPayment: new RateLimiter(store, { name: "cardPayment", limit: 30, windowMs: 60_000 }),
    /** Books CSV imports by an admin: each validates a file of up to 5 MB and writes in one transaction. */
    bookImport: new RateLimiter(store, { name: "bookImport", limit: 10, windowMs: 10 * 60_000 }),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

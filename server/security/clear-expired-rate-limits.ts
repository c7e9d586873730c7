import type { BackgroundJob } from "#server/jobs/background-jobs.ts";

/**
 * Rate-limit counters whose window ended stay in the database until deleted (Redis expires its
 * own keys): one job clears them for every limit, instead of the library's timer per limiter.
 * A minute's margin: a row just expired is being reset by the next hit anyway.
 */
export const clearExpiredRateLimitsJob: BackgroundJob = {
  name: "clear-expired-rate-limits",
  everyMs: 5 * 60_000,
  run: (services) => services.rateLimitStore.clearExpired(services.clock().getTime() - 60_000),
};

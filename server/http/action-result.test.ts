import { expect, it } from "vitest";
import { RateLimiter } from "#server/security/rate-limiter.ts";
import { enforceRateLimit } from "./action-result.ts";

it("limits the public forms per client, counting an IPv6 /64 as one client", () => {
  const limiter = new RateLimiter(2, 60_000);
  enforceRateLimit(limiter, "2001:db8:5:5::1");
  enforceRateLimit(limiter, "2001:db8:5:5::2");
  expect(() => enforceRateLimit(limiter, "2001:db8:5:5:abcd::9")).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
  expect(() => enforceRateLimit(limiter, "2001:db8:5:6::1")).not.toThrow();
  enforceRateLimit(limiter, "::ffff:192.0.2.7");
  enforceRateLimit(limiter, "192.0.2.7");
  expect(() => enforceRateLimit(limiter, "192.0.2.7")).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
});

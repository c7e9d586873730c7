import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { RateLimiter } from "#server/security/rate-limiter.ts";

/**
 * Counts one request of a client against a resource route's limit. Over it: the 429 to answer,
 * the wait said in words and in Retry-After, kept by no cache (`cacheControl` may add "private"
 * where the answer is the viewer's own). Within it: null, and the route goes on.
 */
export async function overLimitResponse(
  limiter: RateLimiter,
  clientAddress: string,
  cacheControl = "no-store",
): Promise<Response | null> {
  const waitSeconds = await limiter.consume(clientKey(clientAddress));
  if (waitSeconds <= 0) return null;
  return new Response(tooManyAttempts(waitSeconds).message, {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(waitSeconds),
      "Cache-Control": cacheControl,
    },
  });
}

import { data } from "react-router";
import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { AppError, type AppErrorCode } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { RateLimiter } from "#server/security/rate-limiter.ts";

/** What a form action answers when a business rule refuses the input. */
export interface ActionFailure {
  ok: false;
  error: { code: AppErrorCode | "INTERNAL"; message: string; fieldErrors?: Record<string, string> };
}

/**
 * Runs an action's use case: its result is `{ ok: true, ...result }`; an AppError becomes
 * `{ ok: false, error }` with the error's HTTP status (the one mapping lives in app-error.ts).
 * A thrown Response or `data()` passes through untouched. Any other error is a bug: logged with
 * its stack and answered with a 500 failure that the form can show, rather than replacing the
 * page with the error screen.
 */
export async function runAction<T extends object>(logger: Logger, useCase: () => Promise<T>) {
  try {
    return { ok: true as const, ...(await useCase()) };
  } catch (error) {
    // A response thrown on purpose (readForm's answer to an unreadable body, a redirect) is
    // React Router's to send, not a bug.
    if (error instanceof Response || isThrownData(error)) throw error;
    if (error instanceof AppError) {
      const failure: ActionFailure = {
        ok: false,
        error: { code: error.code, message: error.message, fieldErrors: error.fieldErrors },
      };
      return data(failure, { status: error.status });
    }
    logger.error({ err: error }, "action failed");
    const failure: ActionFailure = {
      ok: false,
      error: { code: "INTERNAL", message: "Something went wrong. Please try again." },
    };
    return data(failure, { status: 500 });
  }
}

/** What `data()` returns (React Router does not export the class at runtime; this is its own test). */
function isThrownData(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}

/** Counts an attempt against `limiter` for the client (IPv6: its /64); over the limit it throws RATE_LIMITED with the wait. */
export function enforceRateLimit(limiter: RateLimiter, clientAddress: string): void {
  const waitSeconds = limiter.consume(clientKey(clientAddress));
  if (waitSeconds > 0) {
    throw tooManyAttempts(waitSeconds);
  }
}

import type { ErrorReason } from "#common/errors/error-reasons.ts";
import { data } from "react-router";
import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { isDatabaseUnavailable } from "#server/db/database-errors.ts";
import { AppError, type AppErrorCode } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { RateLimiter } from "#server/security/rate-limiter.ts";
import { flashCookie, type FlashDeps, type ServerToast } from "./flash.ts";

/** What a form action answers when a business rule refuses the input. */
export interface ActionFailure {
  ok: false;
  error: {
    /** The HTTP category (the status follows from it). */
    code: AppErrorCode | "INTERNAL";
    /** The business case, when a client must tell it apart (e.g. "already-subscribed"). */
    reason?: ErrorReason;
    /** Written for the user. */
    message: string;
    fieldErrors?: Record<string, string>;
  };
}

/** Every form action's answer: the use case's data, or a failure. Features import this, not their own types. */
export type ActionResult<T extends object = Record<never, never>> = ({ ok: true } & T) | ActionFailure;

/**
 * The toasts an action sets (server-set toasts: the root shows them, see server/http/flash.ts).
 * `failureTitle` heads a destructive toast whose text is the failure's message.
 */
export interface ActionToasts<T> {
  success?: ServerToast | ((result: T) => ServerToast);
  failureTitle?: string | ((error: ActionFailure["error"]) => string);
}

/** What runAction uses of the services: the logger for bugs, the env for the toast cookie. */
export type RunActionDeps = Pick<AppServices, "logger"> & FlashDeps;

/** runAction's one answer: the result as `data` (with `.data.ok`), its status and cookie in `init`. */
export type ActionAnswer<T extends object> = ReturnType<typeof data<ActionResult<T>>>;

/**
 * Runs an action's use case: its result is `{ ok: true, ...result }`; an AppError becomes
 * `{ ok: false, error }` with the error's HTTP status (the one mapping lives in app-error.ts).
 * The answer is always `data(ActionResult<T>, init)`: an action that redirects on success reads
 * `answer.data.ok`. With `toasts`, it also sets the toast the page shows (the success toast, or
 * the failure title with the failure's message).
 * A thrown Response or `data()` passes through untouched. Any other error is a bug: logged with
 * its stack and answered with a 500 failure that the form can show, rather than replacing the
 * page with the error screen.
 */
export async function runAction<T extends object>(
  deps: RunActionDeps,
  useCase: () => Promise<T>,
  toasts?: ActionToasts<T>,
): Promise<ActionAnswer<T>> {
  const toastHeaders = (toast: ServerToast | undefined) =>
    toast ? { "Set-Cookie": flashCookie(deps, toast) } : undefined;
  const failed = (failure: ActionFailure, status: number): ActionAnswer<T> =>
    data<ActionResult<T>>(failure, {
      status,
      headers: toastHeaders(
        toasts?.failureTitle
          ? {
              title:
                typeof toasts.failureTitle === "function" ? toasts.failureTitle(failure.error) : toasts.failureTitle,
              description: failure.error.message || "Something went wrong",
              variant: "destructive",
            }
          : undefined,
      ),
    });
  let result: T;
  try {
    result = await useCase();
  } catch (error) {
    // A response thrown on purpose (readForm's answer to an unreadable body, a redirect) is
    // React Router's to send, not a bug. A database outage (a query's, or a rate limit's counter
    // in the database) is neither the user's fault nor a bug: thrown on, the server answers 503.
    if (error instanceof Response || isThrownData(error) || isDatabaseUnavailable(error)) throw error;
    if (error instanceof AppError) {
      const failure: ActionFailure = {
        ok: false,
        error: { code: error.code, message: error.message, fieldErrors: error.fieldErrors },
      };
      if (error.reason) failure.error.reason = error.reason;
      return failed(failure, error.status);
    }
    deps.logger.error({ err: error }, "action failed");
    return failed({ ok: false, error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
  }
  const success = typeof toasts?.success === "function" ? toasts.success(result) : toasts?.success;
  return data<ActionResult<T>>({ ok: true as const, ...result }, { headers: toastHeaders(success) });
}

/** What `data()` returns (React Router does not export the class at runtime; this is its own test). */
function isThrownData(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}

/** Counts an attempt against `limiter` for the client (IPv6: its /64); over the limit it throws RATE_LIMITED with the wait. */
export async function enforceRateLimit(limiter: RateLimiter, clientAddress: string): Promise<void> {
  const waitSeconds = await limiter.consume(clientKey(clientAddress));
  if (waitSeconds > 0) {
    throw tooManyAttempts(waitSeconds);
  }
}

/**
 * Counts one use for this client and says whether it is within the limit: for a page that does
 * without the limited work past it (rather than refusing, as enforceRateLimit does).
 */
export async function withinRateLimit(limiter: RateLimiter, clientAddress: string): Promise<boolean> {
  return (await limiter.consume(clientKey(clientAddress))) === 0;
}

import type { ErrorReason } from "#common/errors/error-reasons.ts";

/**
 * The one error type for expected failures. Business functions throw it with a code; the HTTP
 * edge turns the code into a status (below) and shows the message to the user, so messages are
 * written for users. Anything else thrown is a bug: logged with its stack, answered with 500.
 */
export type AppErrorCode =
  "VALIDATION" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "UNAVAILABLE";

export const HTTP_STATUS_BY_ERROR_CODE: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/**
 * Marks every AppError. The built server holds two copies of this class (the Node bundle, which
 * builds the services, and React Router's bundle, which runs the actions), so `instanceof`
 * checks this mark rather than the class: an AppError thrown by a service (e.g. the hashing
 * queue's UNAVAILABLE) is still recognised by `runAction`, not answered as a 500.
 */
const APP_ERROR = Symbol.for("little-scrolls.app-error");

export class AppError extends Error {
  override name = "AppError";
  readonly [APP_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && APP_ERROR in value;
  }

  /** Per-field messages for forms, keyed by field name. */
  readonly fieldErrors?: Record<string, string>;
  /** The business case, for a client that must react to one (the code only says the HTTP category). */
  readonly reason?: ErrorReason;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { fieldErrors?: Record<string, string>; reason?: ErrorReason; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.fieldErrors) this.fieldErrors = options.fieldErrors;
    if (options.reason) this.reason = options.reason;
  }

  get status(): number {
    return HTTP_STATUS_BY_ERROR_CODE[this.code];
  }
}

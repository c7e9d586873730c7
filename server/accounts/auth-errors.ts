import { isAPIError } from "better-auth/api";
import { AppError, type AppErrorCode } from "#server/errors/app-error.ts";

/**
 * Turns better-auth's refusal into our AppError (its message is written for users); anything
 * else is rethrown as the bug it is.
 */
export function toAppError(error: unknown, fallback: { code: AppErrorCode; message: string }): never {
  if (isAPIError(error)) {
    const status = error.statusCode;
    const message = (error.body as { message?: string } | undefined)?.message || fallback.message;
    const code: AppErrorCode =
      status === 401
        ? "UNAUTHENTICATED"
        : status === 403
          ? "FORBIDDEN"
          : status === 429
            ? "RATE_LIMITED"
            : fallback.code;
    throw new AppError(code, message);
  }
  throw error;
}

/** Copies every Set-Cookie of better-auth's answer, to forward them with our own response. */
export function setCookieHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

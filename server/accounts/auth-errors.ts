import { AppError, type AppErrorCode } from "#server/errors/app-error.ts";

/** better-auth's refusal (its APIError): a status and a body whose message is written for users. */
export interface AuthRefusal extends Error {
  name: "APIError";
  statusCode: number;
  body?: { message?: string; code?: string } | undefined;
}

/**
 * Whether better-auth refused (wrong password, expired token …), as its own `isAPIError` decides
 * by the error's name. Not that function itself: importing "better-auth/api" loads most of
 * better-auth, which every route that signs in would then hold from start (see lazy-auth.ts).
 */
export function isAuthRefusal(error: unknown): error is AuthRefusal {
  return (
    error instanceof Error &&
    error.name === "APIError" &&
    typeof (error as { statusCode?: unknown }).statusCode === "number"
  );
}

/**
 * Turns better-auth's refusal into our AppError (its message is written for users); anything
 * else is rethrown as the bug it is.
 */
export function toAppError(error: unknown, fallback: { code: AppErrorCode; message: string }): never {
  if (isAuthRefusal(error)) {
    const status = error.statusCode;
    const message = error.body?.message || fallback.message;
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

import { expect } from "vitest";
import { AppError } from "#server/errors/app-error.ts";

/** Awaits a promise that must be refused with an AppError, and returns that error for its reason. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

import type { z } from "zod";

/** A refused form: one message per field and the one to show first (toast, summary). */
export interface FormErrors {
  /** The first message of each invalid field, keyed by its path ("email", "shippingMethods.1.rate"). */
  fieldErrors: Record<string, string>;
  /** The message of the first invalid field in `fieldOrder` (display order), else of the first issue. */
  message: string;
}

/**
 * The one way a zod failure becomes form errors, the same in the browser (the check before
 * posting) and on the server (the action's answer). Client-safe: types from zod only.
 */
export function formErrors(error: z.ZodError, fieldOrder: readonly string[] = []): FormErrors {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  const first = fieldOrder.find((field) => fieldErrors[field]);
  return {
    fieldErrors,
    message: first ? fieldErrors[first]! : (error.issues[0]?.message ?? "Please check the form."),
  };
}

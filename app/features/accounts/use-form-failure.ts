import { useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import type { ActionFailure } from "#server/http/action-result.ts";
import { formErrors } from "#common/forms/form-errors.ts";
import { showToast } from "#app/components/ui/toast.tsx";
import { formValues } from "#common/forms/form-values.ts";

/**
 * The form pattern's client half. Returns the per-field messages of the last refused post (its
 * toast is set by the action, with the same `title`: see runAction's toasts) merged with those of
 * the check before posting. `checkBeforeSubmit(schema)` is an onSubmit handler that runs the same
 * zod schema as the server and, when the input is refused, stops the post and reports the errors
 * the same way (field messages, and the destructive toast `title`: no request, so no server toast).
 */
export function useFormFailure(result: { ok: boolean } | ActionFailure | undefined, title: string) {
  // The client check's errors, and the answer they were made after: a newer answer replaces them.
  const [clientErrors, setClientErrors] = useState<{ after: unknown; errors: Record<string, string> }>({
    after: undefined,
    errors: {},
  });
  const failure = result && !result.ok ? (result as ActionFailure) : null;
  const fieldErrors = {
    ...(failure?.error.fieldErrors ?? {}),
    ...(clientErrors.after === result ? clientErrors.errors : {}),
  };

  const checkBeforeSubmit = (schema: ZodType) => (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(formValues(new FormData(event.currentTarget), schema));
    if (parsed.success) {
      setClientErrors({ after: result, errors: {} });
      return;
    }
    event.preventDefault();
    const { fieldErrors: errors, message } = formErrors(parsed.error);
    setClientErrors({ after: result, errors });
    showToast({ title, description: message, variant: "destructive" });
  };

  return {
    failure,
    fieldErrors,
    setClientErrors: (errors: Record<string, string>) => setClientErrors({ after: result, errors }),
    checkBeforeSubmit,
  };
}

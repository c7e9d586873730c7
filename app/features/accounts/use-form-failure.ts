import { useEffect, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import type { ActionFailure } from "#server/http/action-result.ts";
import { useToast } from "#app/components/ui/toast.tsx";

/**
 * The form pattern's client half. After a post that failed, shows the destructive toast `title`
 * with the server's message and returns the per-field messages to show under the fields.
 * `checkBeforeSubmit(schema)` is an onSubmit handler that runs the same zod schema as the server
 * and, when the input is refused, stops the post and reports the errors the same way.
 */
export function useFormFailure(result: { ok: boolean } | ActionFailure | undefined, title: string) {
  const showToast = useToast();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const failure = result && !result.ok ? (result as ActionFailure) : null;
  useEffect(() => {
    if (failure) {
      setClientErrors({});
      showToast({ title, description: failure.error.message || "Something went wrong", variant: "destructive" });
    }
  }, [failure, showToast, title]);
  const fieldErrors = { ...(failure?.error.fieldErrors ?? {}), ...clientErrors };

  const checkBeforeSubmit = (schema: ZodType) => (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    setClientErrors(errors);
    showToast({ title, description: parsed.error.issues[0]!.message, variant: "destructive" });
  };

  return { failure, fieldErrors, setClientErrors, checkBeforeSubmit };
}

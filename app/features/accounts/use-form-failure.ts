import { useEffect, useState } from "react";
import type { ActionFailure } from "#server/http/action-result.ts";
import { useToast } from "#app/components/ui/toast.tsx";

/**
 * After a form post that failed, shows the destructive toast `title` with the server's message
 * and returns the per-field messages to show under the fields. Client-side checks report their
 * errors through the returned `setClientErrors`.
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
  return { failure, fieldErrors, setClientErrors };
}

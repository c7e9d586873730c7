import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import type { ActionResult } from "#server/http/action-result.ts";
import { createCheckedForm, type CheckedForm, type CheckedFormOptions } from "./checked-form.ts";

export interface UseCheckedFormOptions extends CheckedFormOptions {
  /** The server's last answer to this form (action data, a fetcher's data, an island's prop). */
  result?: ActionResult | undefined;
}

/**
 * The one form kit (decision 6): checks the shared schema before posting, shows the field messages
 * of that check or of the server's refusal, and moves the keyboard to the first invalid field.
 * Reads no React Router hook, so islands use it as it is; routed pages use useRouteForm.
 * Spread `formProps` on the form; show `fieldErrors[name]` under each field.
 */
export function useCheckedForm(options: UseCheckedFormOptions) {
  const [form] = useState(() => createCheckedForm(options));
  return useCheckedFormView(form, options);
}

/** The hook's rendering half, over a form core made elsewhere (the hook's own, or a test's). */
export function useCheckedFormView(form: CheckedForm, options: UseCheckedFormOptions) {
  // The latest options serve the next event (a page may switch schemas, as Reset Password does).
  form.configure(options);
  const { result } = options;
  const state = useSyncExternalStore(form.subscribe, form.snapshot, form.snapshot);
  useEffect(() => form.settle(result), [form, result]);
  const { fieldErrors, message } = form.view(state, result);

  return {
    fieldErrors,
    /** The message of the refusal shown (the check's or the server's); null when none. */
    message,
    /** Drops the messages of a field, or of the fields a test picks. */
    clear: (which: string | ((field: string) => boolean)) => form.clear(which, result),
    formProps: {
      ref: form.attach,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        const element = event.currentTarget;
        form.submit(element, new FormData(element), () => event.preventDefault(), result);
      },
      onInput: options.clearOnInput
        ? (event: FormEvent<HTMLFormElement>) => {
            const name = (event.target as HTMLInputElement).name;
            if (name) form.clear(name, result);
          }
        : undefined,
    },
  };
}

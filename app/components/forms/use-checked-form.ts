import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import type { ActionResult } from "#server/http/action-result.ts";
import { createCheckedForm, type CheckedForm, type CheckedFormOptions } from "./checked-form.ts";

/** What each field starts with, by name: the saved record, or what was typed before a refusal. */
export type FieldDefaults<Values> = { readonly [Name in keyof Values]?: string | number | undefined };

export interface FieldDefaultsOption<Values extends FieldDefaults<Values>> {
  /** The starting values `field(name)` hands out. */
  defaultValues?: Values | undefined;
  /** The longest value of each field the schema limits (a table of lengths only), which `field(name)` sets as its maxLength. */
  maxLengths?: Readonly<Record<string, number>> | undefined;
}

/** One field's wiring, to spread on its `FormField`: its name, starting value, message and limit. */
export interface FieldWiring {
  name: string;
  defaultValue: string | number | undefined;
  error: string | undefined;
  maxLength?: number;
}

export interface UseCheckedFormOptions<Values extends FieldDefaults<Values> = object>
  extends CheckedFormOptions, FieldDefaultsOption<Values> {
  /** The server's last answer to this form (action data, a fetcher's data, an island's prop). */
  result?: ActionResult | undefined;
}

/**
 * The one form kit (decision 6): checks the shared schema before posting, shows the field messages
 * of that check or of the server's refusal, and moves the keyboard to the first invalid field.
 * Reads no React Router hook, so islands use it as it is; routed pages use useRouteForm.
 * Spread `formProps` on the form, and `field(name)` on each field's `FormField` (its name, its
 * value from `defaultValues`, its message).
 */
export function useCheckedForm<Values extends FieldDefaults<Values>>(options: UseCheckedFormOptions<Values>) {
  const [form] = useState(() => createCheckedForm(options));
  return useCheckedFormView(form, options);
}

/** The hook's rendering half, over a form core made elsewhere (the hook's own, or a test's). */
export function useCheckedFormView<Values extends FieldDefaults<Values>>(
  form: CheckedForm,
  options: UseCheckedFormOptions<Values>,
) {
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
    /** A field's name, starting value, message and limit (where it has one), to spread on its `FormField`. */
    field: (name: string): FieldWiring => {
      const maxLength = options.maxLengths?.[name];
      return {
        name,
        defaultValue: (options.defaultValues as FieldDefaults<Record<string, unknown>> | undefined)?.[name],
        error: fieldErrors[name],
        ...(maxLength === undefined ? {} : { maxLength }),
      };
    },
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

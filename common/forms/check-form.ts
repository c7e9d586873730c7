import type { z } from "zod";
import { formErrors, type FormErrors } from "./form-errors.ts";
import { formValues } from "./form-values.ts";

/** A form checked with its shared schema: the typed values, or the errors to show. */
export type FormCheck<T> = { success: true; data: T } | ({ success: false } & FormErrors);

/**
 * The one check of a form's values against its shared schema, for code that must not throw (the
 * CSV import's rows, the export's filter, a use case that answers with its own refusal). `raw` is
 * a posted form (read by formValues, as parseFields reads one) or a plain object of values;
 * anything else counts as an empty form, so every required field reports itself.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  fieldOrder: readonly string[] = [],
): FormCheck<z.output<S>> {
  const values =
    raw instanceof FormData || raw instanceof URLSearchParams
      ? formValues(raw, schema)
      : typeof raw === "object" && raw !== null
        ? raw
        : {};
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, ...formErrors(parsed.error, fieldOrder) };
}

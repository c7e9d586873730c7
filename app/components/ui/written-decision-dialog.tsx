import type { FetcherWithComponents } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import type { FormSchema } from "#app/components/forms/checked-form.ts";
import { buttonStyles } from "./button-styles.ts";
import { Dialog } from "./dialog.tsx";
import { FormField } from "./form-field.tsx";

/**
 * A staff decision that goes with a text the customer is e-mailed (a refusal's reason, return
 * instructions): a dialog whose form is checked against `schema`, then posted with `fields` through
 * the screen's fetcher, so the screen sees the answer and keeps the dialog open until it arrives.
 */
export function WrittenDecisionDialog({
  fetcher,
  open,
  onOpenChange,
  onCancel,
  title,
  description,
  schema,
  failureTitle,
  fields,
  text,
  submitLabel,
  busyLabel,
  tone = "danger",
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Cancel button: it closes the dialog even while a post is under way. */
  onCancel: () => void;
  title: string;
  description: string;
  schema: FormSchema;
  failureTitle: string;
  /** Hidden fields posted with the text: the intent and what it acts on. */
  fields: Record<string, string | number>;
  /** The one text box: its name (what the schema reads) and how it looks. */
  text: { name: string; label: string; rows: number; maxLength: number; hint: string; defaultValue?: string };
  submitLabel: string;
  busyLabel: string;
  /** The submit button's look: red for a refusal, which cannot be undone. */
  tone?: "primary" | "danger";
}) {
  const busy = fetcher.state !== "idle";
  const { fieldErrors, formProps } = useRouteForm({ schema, fieldOrder: [text.name], failureTitle, fetcher });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <fetcher.Form {...formProps} method="post" className="grid gap-4">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormField multiline {...text} error={fieldErrors[text.name]} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonStyles[tone]}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

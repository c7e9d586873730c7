import { Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  checkContactMessage,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
} from "#common/contact/contact-message-schema.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { formValues } from "#common/forms/form-values.ts";

type FieldErrors = Partial<Record<ContactField, string>>;

export const MESSAGE_SENT_TOAST = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We will get back to you shortly.",
};

/** The toasts the Contact Us action sets (shown by the root), and the title of the form's own check. */
export const CONTACT_TOASTS = { success: MESSAGE_SENT_TOAST, failureTitle: "Error" };

/**
 * The Contact Us form. It posts through a fetcher (no page reload) and checks the four fields
 * with the same schema as the server before sending; errors from either side appear under their
 * field and as a toast (the server's through the toast its action sets). `initialResult` is the
 * action's answer after a submission made before the page's scripts were running, so that case
 * still shows what happened.
 */
export function ContactForm({ initialResult }: { initialResult?: ActionResult | undefined }) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() =>
    initialResult && !initialResult.ok ? (initialResult.error.fieldErrors ?? {}) : {},
  );
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      setErrors({});
      formRef.current?.reset();
    } else {
      const fieldErrors = (result.error.fieldErrors ?? {}) as FieldErrors;
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, fieldErrors);
    }
  }, [fetcher.data, fetcher.state]);

  const clearError = (field: ContactField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-busy={busy}
      className="grid gap-5"
      onSubmit={(event) => {
        const form = event.currentTarget;
        const checked = checkContactMessage(formValues(new FormData(form)));
        if (checked.success) {
          setErrors({});
          return;
        }
        event.preventDefault();
        setErrors(checked.fieldErrors);
        focusFirstInvalid(form, checked.fieldErrors);
        showToast({ title: CONTACT_TOASTS.failureTitle, description: checked.firstMessage, variant: "destructive" });
      }}
    >
      {initialResult?.ok ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
          <strong>{MESSAGE_SENT_TOAST.title}</strong> {MESSAGE_SENT_TOAST.description}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Full Name"
          error={errors.fullName}
          name="fullName"
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.fullName}
          required
          onInput={() => clearError("fullName")}
        />
        <FormField
          label="Email"
          error={errors.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CONTACT_LIMITS.email}
          required
          onInput={() => clearError("email")}
        />
      </div>
      <FormField
        label="Subject"
        error={errors.subject}
        name="subject"
        type="text"
        maxLength={CONTACT_LIMITS.subject}
        required
        onInput={() => clearError("subject")}
      />
      <FormField
        multiline
        label="Message"
        error={errors.message}
        name="message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        required
        onInput={() => clearError("message")}
      />
      <div>
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
          <Send aria-hidden="true" className="size-5" />
          {busy ? "Sending..." : "Send Message"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** Moves the keyboard to the first field that needs attention, in display order. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = CONTACT_FIELDS.find((field) => errors[field]);
  const control = first ? form?.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}

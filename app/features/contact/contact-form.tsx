import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import {
  checkContactMessage,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
} from "#server/contact/contact-message-schema.ts";
import type { ActionFailure } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useToast } from "#app/components/ui/toast.tsx";

export type ContactResult = { ok: true } | ActionFailure;
type FieldErrors = Partial<Record<ContactField, string>>;

export const MESSAGE_SENT_TOAST = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We will get back to you shortly.",
};

const INPUT_CLASSES =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30";

/**
 * The Contact Us form. It posts through a fetcher (no page reload) and checks the four fields
 * with the same schema as the server before sending; errors from either side appear under their
 * field and as a toast. `initialResult` is the action's answer after a submission made before the
 * page's scripts were running, so that case still shows what happened.
 */
export function ContactForm({ initialResult }: { initialResult?: ContactResult | undefined }) {
  const fetcher = useFetcher<ContactResult>();
  const showToast = useToast();
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
      showToast(MESSAGE_SENT_TOAST);
    } else {
      const fieldErrors = (result.error.fieldErrors ?? {}) as FieldErrors;
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, fieldErrors);
      showToast({ title: "Error", description: result.error.message, variant: "destructive" });
    }
  }, [fetcher.data, fetcher.state, showToast]);

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
        const checked = checkContactMessage(Object.fromEntries(new FormData(form)));
        if (checked.success) {
          setErrors({});
          return;
        }
        event.preventDefault();
        setErrors(checked.fieldErrors);
        focusFirstInvalid(form, checked.fieldErrors);
        showToast({ title: "Error", description: checked.firstMessage, variant: "destructive" });
      }}
    >
      {initialResult?.ok ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
          <strong>{MESSAGE_SENT_TOAST.title}</strong> {MESSAGE_SENT_TOAST.description}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Full Name" error={errors.fullName}>
          {(props) => (
            <input
              {...props}
              name="fullName"
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.fullName}
              required
              onInput={() => clearError("fullName")}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email}
              required
              onInput={() => clearError("email")}
            />
          )}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject}>
        {(props) => (
          <input
            {...props}
            name="subject"
            type="text"
            maxLength={CONTACT_LIMITS.subject}
            required
            onInput={() => clearError("subject")}
          />
        )}
      </Field>
      <Field label="Message" error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            name="message"
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            required
            onInput={() => clearError("message")}
            className={`${props.className} min-h-36 resize-y`}
          />
        )}
      </Field>
      <div>
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
          <Send aria-hidden="true" className="size-5" />
          {busy ? "Sending..." : "Send Message"}
        </button>
      </div>
    </fetcher.Form>
  );
}

interface ControlProps {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A label, its control and the control's error line, tied together for assistive technology. */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        className: `${INPUT_CLASSES} ${error ? "border-red-700" : "border-gray-500"}`,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Moves the keyboard to the first field that needs attention, in display order. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = CONTACT_FIELDS.find((field) => errors[field]);
  const control = first ? form?.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}

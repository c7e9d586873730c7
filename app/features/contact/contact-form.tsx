import { Send } from "lucide-react";
import { useFetcher } from "react-router";
import { CONTACT_FIELDS, CONTACT_LIMITS, contactMessageSchema } from "#common/contact/contact-message-schema.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";

export const MESSAGE_SENT_TOAST = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We will get back to you shortly.",
};

/** The toasts the Contact Us action sets (shown by the root), and the title of the form's own check. */
export const CONTACT_TOASTS = { success: MESSAGE_SENT_TOAST, failureTitle: "Error" };

/**
 * The Contact Us form. It posts through a fetcher (no page reload) and checks the four fields
 * with the same schema as the server before sending (the form kit, useRouteForm); errors from
 * either side appear under their field, the server's toast comes from its action. `initialResult`
 * is the action's answer after a submission made before the page's scripts were running, so that
 * case still shows what happened.
 */
export function ContactForm({ initialResult }: { initialResult?: ActionResult | undefined }) {
  const fetcher = useFetcher<ActionResult>();
  const { fieldErrors: errors, formProps } = useRouteForm({
    schema: contactMessageSchema,
    fieldOrder: CONTACT_FIELDS,
    failureTitle: CONTACT_TOASTS.failureTitle,
    fetcher,
    initialResult,
    resetOnSuccess: true,
    clearOnInput: true,
  });
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form {...formProps} method="post" aria-busy={busy} className="grid gap-5">
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
        />
      </div>
      <FormField
        label="Subject"
        error={errors.subject}
        name="subject"
        type="text"
        maxLength={CONTACT_LIMITS.subject}
        required
      />
      <FormField
        multiline
        label="Message"
        error={errors.message}
        name="message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        required
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

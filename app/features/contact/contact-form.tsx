import { Send } from "lucide-react";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  ENQUIRY_KINDS,
  type ContactField,
  type EnquiryKind,
} from "#common/contact/contact-fields.ts";
import type { ActionFailure } from "#server/http/action-result.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { FormAlert, messageWithoutField } from "#app/components/forms/form-alert.tsx";
import { SentNotice } from "#app/components/forms/sent-notice.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { lazyCheck } from "#app/components/forms/lazy-check.ts";

export const MESSAGE_SENT_TOAST = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We will get back to you shortly.",
};

/** The toast a sent message redirects with, and the title of a refusal's toast (the form's check or the server's). */
export const CONTACT_TOASTS = { success: MESSAGE_SENT_TOAST, failureTitle: "Error" };

/** What the visitor typed before a refused post, shown again in the fields. */
export type ContactEcho = Partial<Record<ContactField, string>>;

/**
 * The shared schema's check (zod, about 24 kB), fetched when the visitor first sends: a visitor
 * who only reads the page's addresses never downloads it.
 */
const loadCheck = lazyCheck(() => import("#common/contact/contact-message-schema.ts"));

/**
 * The Contact Us form, an island (decision 21): a plain HTML form that posts to the page's action,
 * so it works before (or without) the page's scripts. Once hydrated it checks the shared schema
 * before posting, then lets the browser post it: the server redirects back with the "Message
 * Sent!" toast, or renders the page again with its refusal (`failure`) and what was typed
 * (`values`). Errors from either side appear under their field; the first one takes the focus.
 * `sent` shows the confirmation in the page too, for a browser that runs no script. A church or
 * school `enquiry` prefills the subject and asks for the organisation's name (optional).
 */
function ContactForm({
  failure,
  values = {},
  sent = false,
  enquiry = null,
}: {
  failure?: ActionFailure["error"] | undefined;
  values?: ContactEcho | undefined;
  sent?: boolean | undefined;
  enquiry?: EnquiryKind | null | undefined;
}) {
  const kind = enquiry ? ENQUIRY_KINDS[enquiry] : null;
  const { busy, field, formProps } = useIslandForm({
    failure,
    schema: () => loadCheck().then((module) => module.contactMessageSchema),
    fieldOrder: CONTACT_FIELDS,
    failureTitle: CONTACT_TOASTS.failureTitle,
    clearOnInput: true,
    defaultValues: { ...values, subject: values.subject ?? kind?.subject },
    maxLengths: CONTACT_LIMITS,
  });
  // A refusal without a field to point at (too many messages, a fault): said in the page too.
  // So is a tampered or outdated enquiry, whose hidden field has no place to show it.
  const formMessage = messageWithoutField(failure) ?? failure?.fieldErrors?.enquiry;

  return (
    <form {...formProps} method="post" aria-busy={busy} className="grid gap-5">
      {sent ? <SentNotice toast={MESSAGE_SENT_TOAST} /> : null}
      <FormAlert message={formMessage} />
      <p className="text-sm text-gray-700">
        {kind
          ? `All fields are required, except the ${kind.organisationLabel.toLowerCase()}.`
          : "All fields are required."}
      </p>
      {enquiry ? <input type="hidden" name="enquiry" value={enquiry} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" type="text" autoComplete="name" {...field("fullName")} required />
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" {...field("email")} required />
      </div>
      {kind ? (
        <FormField
          label={`${kind.organisationLabel} (optional)`}
          type="text"
          autoComplete="organization"
          {...field("organisation")}
        />
      ) : null}
      <FormField label="Subject" type="text" {...field("subject")} required />
      <FormField multiline label="Message" rows={6} {...field("message")} required />
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." icon={Send} />
    </form>
  );
}

/** The form as an island of its own chunk (`PAGE_ISLANDS`), loaded by the Contact Us page only. */
export const ContactFormIsland = defineIsland("contact-form", ContactForm);

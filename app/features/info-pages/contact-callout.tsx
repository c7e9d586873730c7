import { Mail } from "lucide-react";
import type { EnquiryKind } from "#common/contact/contact-fields.ts";

/**
 * Highlighted box closing the churches and schools pages: a short invitation, the contact button
 * (Contact Us opened for this kind of order enquiry) and the e-mail address as a plain mailto link.
 */
export function ContactCallout({
  heading,
  text,
  buttonLabel,
  enquiry,
  contactEmail,
}: {
  heading: string;
  text: string;
  buttonLabel: string;
  enquiry: EnquiryKind;
  contactEmail: string;
}) {
  return (
    <section className="mt-12 rounded-2xl bg-brand-100 p-6 text-ink shadow-sm ring-1 ring-brand-100 sm:p-8">
      <h2 className="mt-0!">{heading}</h2>
      <p>{text}</p>
      <div className="mt-6 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <a
          href={`/contact-us?enquiry=${enquiry}`}
          className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white no-underline! shadow-sm transition-colors hover:bg-brand-800"
        >
          <Mail aria-hidden="true" className="size-5" />
          {buttonLabel}
        </a>
        <p className="mt-0! text-sm">
          Or write to us directly at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </div>
    </section>
  );
}

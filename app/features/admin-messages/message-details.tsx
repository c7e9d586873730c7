import { Mail, TriangleAlert } from "lucide-react";
import type { ContactMessageDetails } from "#server/contact/get-contact-message.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ENQUIRY_KINDS } from "#common/contact/contact-fields.ts";
import { formatDateTime } from "#common/dates.ts";

/** The "Message Details" dialog's body: the message whole, who sent it and when, and a reply by e-mail. */
export function MessageBody({ message }: { message: ContactMessageDetails }) {
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <article aria-labelledby="message-details-subject">
      <h3 id="message-details-subject" className="break-words font-serif text-xl font-bold text-brand-800">
        {message.subject}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">From</dt>
        <dd className="min-w-0 break-words font-medium text-ink">
          {message.fullName} <span className="break-all font-normal text-gray-700">&lt;{message.email}&gt;</span>
        </dd>
        <dt className="text-gray-700">Received</dt>
        <dd className="text-ink">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
        {message.enquiry ? (
          <>
            <dt className="text-gray-700">Enquiry</dt>
            <dd className="min-w-0 break-words text-ink">
              {ENQUIRY_KINDS[message.enquiry].badge}
              {message.organisation ? ` · ${message.organisation}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      {message.mailSentAt === null ? (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          <TriangleAlert aria-hidden="true" className="size-4" />
          Not delivered by e-mail; reply from here.
        </p>
      ) : null}
      <p
        className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-brand-50 p-4 text-gray-800"
        data-testid="message-details-text"
      >
        {message.message}
      </p>
      <p className="mt-4">
        <a href={reply} className={buttonStyles.primary}>
          <Mail aria-hidden="true" className="size-5" />
          Reply by e-mail
        </a>
      </p>
    </article>
  );
}

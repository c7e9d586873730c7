import { Eye, TriangleAlert } from "lucide-react";
import type { ContactMessageListItem } from "#server/contact/list-contact-messages.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { DataTable, STICKY_END_CELL } from "#app/components/ui/data-table.tsx";
import { ENQUIRY_KINDS } from "#common/contact/contact-fields.ts";
import { formatDateTime } from "#common/dates.ts";

/**
 * One page of Contact Us messages: the subject with the start of the message, who wrote, when,
 * and a button to read it whole. On phones the table scrolls sideways inside its own box, the
 * subject first and the button kept in view at its right edge.
 */
export function MessagesTable({
  messages,
  emptyText,
  onViewDetails,
}: {
  messages: ContactMessageListItem[];
  emptyText: string;
  onViewDetails: (message: ContactMessageListItem, opener: HTMLElement) => void;
}) {
  return (
    <DataTable
      caption="Contact messages"
      minWidthClass="min-w-[44rem]"
      rowCount={messages.length}
      emptyText={emptyText}
      columns={[
        { label: "Subject" },
        { label: "From" },
        { label: "Received" },
        { label: "Actions", align: "right", stickyEnd: true },
      ]}
    >
      {messages.map((message) => (
        <tr key={message.id} data-testid="contact-message" data-message-id={message.id}>
          <td className="min-w-[15rem] px-4 py-3 align-top">
            <span className="block break-words font-semibold text-ink">{message.subject}</span>
            {message.enquiry ? (
              <span className="mt-1 flex flex-wrap items-center gap-2">
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-800">
                  {ENQUIRY_KINDS[message.enquiry].badge}
                </span>
                {message.organisation ? <span className="font-medium">{message.organisation}</span> : null}
              </span>
            ) : null}
            <span className="mt-1 line-clamp-2 break-words text-gray-700">
              {message.preview}
              {message.truncated ? "…" : ""}
            </span>
            {message.mailSentAt === null ? (
              // The e-mail to the shop failed: this list is the only place the message exists.
              <span className="mt-1 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">
                <TriangleAlert aria-hidden="true" className="size-4" />
                Not delivered by e-mail
              </span>
            ) : null}
          </td>
          <td className="min-w-[13rem] px-4 py-3 align-top">
            <span className="block break-words font-medium text-ink">{message.fullName}</span>
            <span className="block break-all text-gray-700">{message.email}</span>
          </td>
          <td className="whitespace-nowrap px-4 py-3 align-top text-gray-700">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </td>
          <td className={`${STICKY_END_CELL} px-2 py-3 text-right align-top sm:px-4`}>
            <button
              type="button"
              onClick={(event) => onViewDetails(message, event.currentTarget)}
              className={`${buttonStyles.subtle} whitespace-nowrap`}
            >
              <Eye aria-hidden="true" className="size-4" />
              {/* On phones the eye alone, so the button fits at the table's edge. */}
              <span className="sr-only sm:not-sr-only">Read</span>
              <span className="sr-only"> the message from {message.email}</span>
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

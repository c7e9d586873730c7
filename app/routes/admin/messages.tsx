import { Mail, TriangleAlert } from "lucide-react";
import { requireAdmin } from "#server/http/guards.ts";
import { listContactMessages } from "#server/contact/list-contact-messages.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ENQUIRY_KINDS } from "#common/contact/contact-fields.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { formatDateTime } from "#common/dates.ts";
import type { Route } from "./+types/messages";

export function meta() {
  return [{ title: ADMIN_PAGES.messages.title }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const page = new URL(request.url).searchParams.get("page");
  // A failed read is the admin layout's error boundary's to show ("Error fetching messages").
  return { messages: await listContactMessages(context.services, { page }) };
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;

  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.messages.title}
        intro="Messages sent through the Contact Us form, newest first."
      />
      {messages.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-gray-700 shadow-sm ring-1 ring-brand-100">
          No messages yet.
        </p>
      ) : (
        <>
          <ol className="mt-6 grid gap-4">
            {messages.items.map((message) => (
              <li key={message.id}>
                <article
                  aria-labelledby={`message-${message.id}`}
                  data-testid="contact-message"
                  className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
                >
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                    <h2
                      id={`message-${message.id}`}
                      className="min-w-0 break-words font-serif text-xl font-bold text-brand-800"
                    >
                      {message.subject}
                    </h2>
                    <time dateTime={message.createdAt} className="text-sm text-gray-700">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </div>
                  {message.enquiry ? (
                    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-800">
                        {ENQUIRY_KINDS[message.enquiry].badge}
                      </span>
                      {message.organisation ? <span className="font-medium">{message.organisation}</span> : null}
                    </p>
                  ) : null}
                  <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
                    <span className="font-medium">{message.fullName}</span>
                    <a
                      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                      className="inline-flex min-w-0 items-center gap-1 break-all font-medium text-brand-700 underline"
                    >
                      <Mail aria-hidden="true" className="size-4 flex-none" />
                      {message.email}
                    </a>
                  </p>
                  {message.mailSentAt === null ? (
                    // The e-mail to the shop failed: this list is the only place the message exists.
                    <p className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
                      <TriangleAlert aria-hidden="true" className="size-4" />
                      Not delivered by e-mail; reply from here.
                    </p>
                  ) : null}
                  <p className="mt-3 whitespace-pre-wrap break-words text-gray-800">{message.message}</p>
                </article>
              </li>
            ))}
          </ol>
          <Pagination page={messages.page} pageCount={messages.pageCount} total={messages.total} noun="messages" />
        </>
      )}
    </>
  );
}

import { requireAdmin } from "#server/http/guards.ts";
import { loadSearchedListPage } from "#server/http/searched-list-page.ts";
import { getContactMessage, type ContactMessageDetails } from "#server/contact/get-contact-message.ts";
import { listContactMessages } from "#server/contact/list-contact-messages.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { useDetailsLoader } from "#app/components/ui/use-details-loader.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { MessagesTable } from "#app/features/admin-messages/messages-table.tsx";
import { MessageBody } from "#app/features/admin-messages/message-details.tsx";
import { DetailsDialog } from "#app/components/ui/details-dialog.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/messages";

/** Where the details dialog loads a message from: this route's loader, with `?details=<id>`. */
const MESSAGES_PATH = "/admin/messages";

export const meta = () => noindexMeta(ADMIN_PAGES.messages.title);

/**
 * The page of messages (searched by `?search=`), and with `?details=<id>` that message whole for
 * the dialog (loaded by a fetcher, as Order Management's details are). A failed read is the admin
 * layout's error boundary's to show ("Error fetching messages").
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { search, rows, details } = await loadSearchedListPage(
    request,
    (query) => listContactMessages(context.services, query),
    (messageId) => getContactMessage(context.services, { messageId }),
  );
  return { search, messages: rows, details };
}

export default function ContactMessages({ loaderData: { search, messages } }: Route.ComponentProps) {
  const details = useDetailsLoader<ContactMessageDetails>(MESSAGES_PATH);
  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.messages.title}
        intro="Messages sent through the Contact Us form, newest first."
      />
      <SearchForm
        search={search}
        name="Messages"
        label="Search messages by name, email or subject"
        placeholder="Search by name, email or subject..."
      />
      <MessagesTable
        messages={messages.items}
        emptyText={search ? "No messages found" : "No messages yet."}
        onViewDetails={({ id }, button) => details.open(id, button)}
      />
      {messages.total > 0 ? <Pagination list={messages} noun="message" /> : null}
      <DetailsDialog details={details} title="Message Details" loadingText="Loading the message…">
        {(message) => <MessageBody message={message} />}
      </DetailsDialog>
    </>
  );
}

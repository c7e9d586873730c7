import { useState } from "react";
import { useFetcher } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { getContactMessage } from "#server/contact/get-contact-message.ts";
import { listContactMessages } from "#server/contact/list-contact-messages.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { useReturnFocus } from "#app/components/ui/use-return-focus.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { MessagesTable } from "#app/features/admin-messages/messages-table.tsx";
import {
  MessageDetailsDialog,
  type MessageDetailsResult,
} from "#app/features/admin-messages/message-details-dialog.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import type { Route } from "./+types/messages";

/** Where the details dialog loads a message from: this route's loader, with `?details=<id>`. */
const MESSAGES_PATH = "/admin/messages";

export function meta() {
  return [{ title: ADMIN_PAGES.messages.title }, { name: "robots", content: "noindex" }];
}

/**
 * The page of messages (searched by `?search=`), and with `?details=<id>` that message whole for
 * the dialog (loaded by a fetcher, as Order Management's details are). A failed read is the admin
 * layout's error boundary's to show ("Error fetching messages").
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const detailsId = params.get("details");
  const [messages, details] = await Promise.all([
    listContactMessages(context.services, { search, page: params.get("page") }),
    detailsId === null ? null : loadDetails(context.services, detailsId),
  ]);
  return { search, messages, details };
}

async function loadDetails(services: Pick<AppServices, "db">, messageId: string): Promise<MessageDetailsResult> {
  try {
    return { ok: true, message: await getContactMessage(services, { messageId }) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, messageId, message: error.message };
    throw error;
  }
}

export default function ContactMessages({ loaderData: { search, messages } }: Route.ComponentProps) {
  const details = useFetcher<typeof loader>();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const opener = useReturnFocus(detailsId !== null);
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
        onViewDetails={({ id }, button) => {
          opener.current = button;
          setDetailsId(id);
          void details.load(`${MESSAGES_PATH}?${new URLSearchParams({ details: id })}`);
        }}
      />
      {messages.total > 0 ? (
        <Pagination page={messages.page} pageCount={messages.pageCount} total={messages.total} noun="message" />
      ) : null}
      <MessageDetailsDialog messageId={detailsId} result={details.data?.details} onClose={() => setDetailsId(null)} />
    </>
  );
}

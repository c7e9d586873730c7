import { Download } from "lucide-react";
import { useLocation, useNavigation } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { adminIntentAction, formIntent } from "#server/http/admin-action.ts";
import { deleteSubscriber } from "#server/subscribers/delete-subscriber.ts";
import { deleteSubscribers, describeRemoval } from "#server/subscribers/delete-subscribers.ts";
import { removeSubscriberSchema, removeSubscribersSchema } from "#common/subscribers/subscriber-schema.ts";
import { listSubscribers } from "#server/subscribers/list-subscribers.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { EmptyList } from "#app/components/ui/empty-list.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import {
  REMOVE_SELECTED_INTENT,
  REMOVE_SUBSCRIBER_TOASTS,
  SubscribersTable,
} from "#app/features/admin-subscribers/subscribers-table.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/subscribers";

export const meta = () => noindexMeta(ADMIN_PAGES.subscribers.title);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const page = new URL(request.url).searchParams.get("page");
  // A failed read is the admin layout's error boundary's to show ("Error fetching subscribers").
  return { subscribers: await listSubscribers(context.services, { page }) };
}

export function action(args: Route.ActionArgs) {
  return adminIntentAction(
    args,
    {
      [REMOVE_SELECTED_INTENT]: formIntent(removeSubscribersSchema, deleteSubscribers, {
        success: (result) => ({ title: "Subscribers removed", description: describeRemoval(result) }),
        failureTitle: "Error removing subscribers",
      }),
    },
    // The one-row removal posts no intent.
    formIntent(removeSubscriberSchema, deleteSubscriber, REMOVE_SUBSCRIBER_TOASTS),
  );
}

export default function EmailSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // Another page of this list on its way (client-side navigation): say so instead of a frozen table.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.subscribers.title}
        intro="Everyone who joined the newsletter or the launch list, newest first."
        actions={
          // A plain link: the CSV is a file download, not a page of the app.
          <a href="/admin/subscribers.csv" download className={buttonStyles.secondary}>
            <Download aria-hidden="true" className="size-5" />
            Download CSV
          </a>
        }
      />
      <p role="status" className={loading ? "mt-6 font-medium text-gray-700" : "sr-only"}>
        {loading ? "Loading subscribers..." : ""}
      </p>
      {subscribers.items.length === 0 ? (
        loading ? null : (
          <EmptyList>No subscribers yet.</EmptyList>
        )
      ) : (
        <>
          <SubscribersTable subscribers={subscribers.items} busy={loading} />
          <Pagination list={subscribers} noun="subscriber" />
        </>
      )}
    </>
  );
}

import { parseFields } from "#server/http/read-form.ts";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { adminIntent, adminIntentAction, formIntent } from "#server/http/admin-action.ts";
import { ORDER_INTENTS, orderStatusChangeSchema } from "#common/orders/order-status-schema.ts";
import { getOrderDetails, type OrderDetails } from "#server/orders/get-order-details.ts";
import { loadSearchedListPage } from "#server/http/searched-list-page.ts";
import { listOrders } from "#server/orders/list-orders.ts";
import { updateOrderStatus } from "#server/orders/update-order-status.ts";
import {
  BULK_ORDER_INTENTS,
  bulkShipOrdersSchema,
  ORDER_ACTION_INTENTS,
  orderActionSchema,
  refundOrderSchema,
  RELEASE_HOLDS_INTENT,
  releaseHoldsSchema,
} from "#common/orders/order-action-schema.ts";
import {
  describeReleaseResult,
  listUnpaidHoldsByClient,
  releaseUnpaidHolds,
} from "#server/orders/unpaid-holds-by-client.ts";
import { describeShipResult, markOrdersShipped } from "#server/orders/mark-orders-shipped.ts";
import { markOrderPaid } from "#server/orders/mark-order-paid.ts";
import { cancelOrder } from "#server/orders/cancel-order.ts";
import { refundOrder } from "#server/orders/refund-order.ts";
import { addTrackingNumber } from "#server/orders/add-tracking-number.ts";
import { editTrackingNumber } from "#server/orders/edit-tracking-number.ts";
import { removeTrackingNumber } from "#server/orders/remove-tracking-number.ts";
import { resendShippedMail } from "#server/orders/resend-shipped-mail.ts";
import { addOrderNote } from "#server/orders/add-order-note.ts";
import {
  addTrackingNumberSchema,
  editTrackingNumberSchema,
  removeTrackingNumberSchema,
  resendShippedMailSchema,
  TRACKING_INTENTS,
} from "#common/orders/tracking-number-schema.ts";
import { ORDER_NOTE_INTENT, orderNoteSchema } from "#common/orders/order-note-schema.ts";
import { ORDER_ACTION_TOASTS } from "#app/features/admin-orders/order-action-toasts.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { OrderDetailsBody } from "#app/features/admin-orders/order-details.tsx";
import { DetailsDialog } from "#app/components/ui/details-dialog.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { OrdersTable } from "#app/features/admin-orders/orders-table.tsx";
import { OrdersExportForm } from "#app/features/admin-orders/orders-export-form.tsx";
import { UnpaidHoldsPanel } from "#app/features/admin-orders/unpaid-holds-panel.tsx";
import { useDetailsLoader } from "#app/components/ui/use-details-loader.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/orders";

/** Where the details dialog loads an order from: this route's loader, with `?details=<id>`. */
const ORDERS_PATH = "/admin/orders";

/**
 * A refused refund or cancel may still have changed the order (a refund found at Stripe and
 * recorded, or recorded by Stripe's event while the dialog was open), and React Router reloads
 * nothing after a 4xx or 5xx by default: the open dialog would keep its old figures and refunded
 * total (`refundedBefore`), so every later refund from it would be refused too. A correction
 * refused because someone else changed the tracking numbers likewise shows them as they are now.
 */
const RELOAD_AFTER_REFUSAL: ReadonlySet<unknown> = new Set([
  ORDER_ACTION_INTENTS.refund,
  ORDER_ACTION_INTENTS.cancel,
  TRACKING_INTENTS.edit,
  TRACKING_INTENTS.remove,
]);

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (RELOAD_AFTER_REFUSAL.has(intent)) return true;
  // Choosing Cancelled in the status list cancels (and may refund) the same way.
  if (intent === ORDER_INTENTS.updateStatus && formData?.get("status") === "Cancelled") return true;
  return defaultShouldRevalidate;
}

export const meta = () => noindexMeta(ADMIN_PAGES.orders.title);

/**
 * The page of orders, and with `?details=<id>` that order's details for the dialog (loaded by a
 * fetcher, so no separate resource route). The list is loaded either way: a page visited with
 * `?details=` in its address must still show its table, and one page of orders is cheap.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = context.services;
  const [{ search, rows, details }, holds] = await Promise.all([
    loadSearchedListPage(
      request,
      (query) => listOrders({ db }, query),
      (orderId) => getOrderDetails({ db }, { orderId }),
    ),
    listUnpaidHoldsByClient({ db }),
  ]);
  return { search, orders: rows, details, holds };
}

/**
 * One action for the screen, by `intent`; each intent's fields are parsed with its shared schema
 * inside runAction, so a refused field is answered (400, field messages, the failure toast) like
 * any other refusal, and the use cases take checked values.
 */
export function action(args: Route.ActionArgs) {
  return adminIntentAction(args, {
    [ORDER_INTENTS.updateStatus]: formIntent(orderStatusChangeSchema, updateOrderStatus, {
      success: ({ status }) => ({ title: "Status Updated!", description: `Order status changed to ${status}` }),
      failureTitle: "Error updating status",
    }),
    [ORDER_ACTION_INTENTS.markPaid]: formIntent(orderActionSchema, markOrderPaid, {
      success: ORDER_ACTION_TOASTS.markPaid,
      failureTitle: "Could not mark the order paid",
    }),
    [ORDER_ACTION_INTENTS.cancel]: formIntent(orderActionSchema, cancelOrder, {
      success: ORDER_ACTION_TOASTS.cancel,
      failureTitle: "Could not cancel the order",
    }),
    [ORDER_ACTION_INTENTS.refund]: formIntent(refundOrderSchema, refundOrder, {
      success: ORDER_ACTION_TOASTS.refund,
      failureTitle: "Could not refund the order",
    }),
    [BULK_ORDER_INTENTS.markShipped]: formIntent(bulkShipOrdersSchema, markOrdersShipped, {
      success: (result) => ({ title: "Orders updated", description: describeShipResult(result) }),
      failureTitle: "Could not mark the orders shipped",
    }),
    [TRACKING_INTENTS.add]: formIntent(addTrackingNumberSchema, addTrackingNumber, {
      success: ORDER_ACTION_TOASTS.addTracking,
      failureTitle: "Could not add the tracking number",
    }),
    [TRACKING_INTENTS.edit]: formIntent(editTrackingNumberSchema, editTrackingNumber, {
      success: ORDER_ACTION_TOASTS.editTracking,
      failureTitle: "Could not save the tracking number",
    }),
    [TRACKING_INTENTS.remove]: formIntent(removeTrackingNumberSchema, removeTrackingNumber, {
      success: ORDER_ACTION_TOASTS.removeTracking,
      failureTitle: "Could not remove the tracking number",
    }),
    [TRACKING_INTENTS.resendShippedMail]: formIntent(resendShippedMailSchema, resendShippedMail, {
      success: ORDER_ACTION_TOASTS.resendShippedMail,
      failureTitle: "Could not send the shipped e-mail again",
    }),
    [ORDER_NOTE_INTENT]: adminIntent(
      ({ services, form, viewer }) => addOrderNote(services, { ...parseFields(form, orderNoteSchema), author: viewer }),
      { success: ORDER_ACTION_TOASTS.addNote, failureTitle: "Could not add the note" },
    ),
    [RELEASE_HOLDS_INTENT]: formIntent(releaseHoldsSchema, releaseUnpaidHolds, {
      success: (result) => ({ title: "Holds released", description: describeReleaseResult(result) }),
      failureTitle: "Could not release the holds",
    }),
  });
}

export default function OrderManagement({ loaderData: { search, orders, holds } }: Route.ComponentProps) {
  const details = useDetailsLoader<OrderDetails>(ORDERS_PATH);
  return (
    <>
      <AdminPageHeader title={ADMIN_PAGES.orders.title} intro="Track and manage all customer orders" />
      <SearchForm
        search={search}
        name="Orders"
        label="Search orders by order ID or customer email"
        placeholder="Search by Order ID or Email..."
      />
      <OrdersExportForm search={search} />
      <UnpaidHoldsPanel holds={holds} />
      <OrdersTable orders={orders.items} onViewDetails={(orderId, button) => details.open(orderId, button)} />
      {orders.total > 0 ? <Pagination list={orders} noun="order" /> : null}
      <DetailsDialog details={details} title="Order Details" loadingText="Loading order details…">
        {(order) => <OrderDetailsBody order={order} />}
      </DetailsDialog>
    </>
  );
}

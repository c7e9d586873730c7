import { data, redirect } from "react-router";
import { beginProviderPayment } from "#server/checkout/begin-payment.ts";
import { PAY_BY_CARD_INTENT } from "#common/checkout/pay-by-card-intent.ts";
import { isProviderPayment } from "#common/orders/payment-status.ts";
import { getOrderConfirmation } from "#server/checkout/get-order-confirmation.ts";
import { confirmationPaymentView, syncPaymentOnReturn } from "#server/checkout/return-from-payment.ts";
import { readPlacedOrders } from "#server/checkout/placed-orders-cookie.ts";
import { AppError } from "#server/errors/app-error.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { flashedToast } from "#server/http/flash.ts";
import { readForm } from "#server/http/read-form.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { ClearPlacedCartIsland } from "#app/features/cart/clear-placed-cart.tsx";
import { OrderAgainIsland } from "#app/features/cart/order-again-button.tsx";
import { OrderConfirmationView } from "#app/features/checkout/order-confirmation-view.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/order-confirmation";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Order Confirmation", description: "Your order.", noindex: true });
}

/**
 * An island page (decision 21): the page is HTML; its islands are "Pay by card" or "Pay with
 * PayPal" (posted as a document: the provider's page, or this page again with the refusal) and,
 * after a placed order, the one that empties the cart.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** Heads the toast of a refused "Pay by card" or "Pay with PayPal". */
const PAY_FAILED = "Payment could not be started";

/**
 * The confirmation shows the shipping address, so it opens only for the browser that placed the
 * order, the account that owns it, or an admin; anyone else gets Track Order for that id.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, viewer, clientAddress } = context;
  const access = {
    orderId: params.orderId,
    viewer,
    placedOrderIds: readPlacedOrders(request.headers.get("cookie"), services.env.APP_SECRET),
  };
  let order = await getOrderConfirmation(services, access);
  if (!order) throw redirect(`/track-order?orderId=${encodeURIComponent(params.orderId)}`);
  const search = new URL(request.url).searchParams;
  // Back from Stripe or PayPal before their webhook: ask them (PayPal: capture), so a paid order says so at once.
  const back = await syncPaymentOnReturn(services, { order, search, clientAddress });
  if (back.redirectTo) throw redirect(back.redirectTo);
  if (back.changed) order = (await getOrderConfirmation(services, access)) ?? order;
  return { order, ...(await confirmationPaymentView(services, { order, search })) };
}

/**
 * "Pay by card" / "Pay with PayPal": opens the provider's page again for an order still awaiting
 * payment. A refusal renders the page again with it and its toast (no flash cookie: this very
 * answer shows it).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, viewer, clientAddress } = context;
  const answer = await runAction(services, async () => {
    const form = await readForm(request);
    if (form.get("intent") !== PAY_BY_CARD_INTENT) throw new AppError("VALIDATION", "Unknown action.");
    const order = await getOrderConfirmation(services, {
      orderId: params.orderId,
      viewer,
      placedOrderIds: readPlacedOrders(request.headers.get("cookie"), services.env.APP_SECRET),
    });
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    if (!isProviderPayment(order.paymentMethod)) throw new AppError("VALIDATION", "Unknown action.");
    await enforceRateLimit(services.rateLimits.cardPayment, clientAddress);
    const payment = await beginProviderPayment(services, { orderId: order.id, method: order.paymentMethod });
    if (payment.url !== null) throw redirect(payment.url);
    throw new AppError("UNAVAILABLE", payment.message);
  });
  const result = answer.data;
  const toast = result.ok
    ? null
    : flashedToast({
        title: PAY_FAILED,
        description: result.error.message || "Something went wrong",
        variant: "destructive",
      });
  return data({ ...result, toast }, answer.init ?? undefined);
}

export default function OrderConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      {/* Only now that the order exists: its cart is emptied. */}
      {loaderData.justPlaced ? <ClearPlacedCartIsland /> : null}
      {actionData?.toast ? <ServerToastIsland toast={actionData.toast} /> : null}
      <OrderConfirmationView
        order={loaderData.order}
        visit={loaderData.visit}
        canPayAgain={loaderData.canPayAgain}
        payFailure={actionData && !actionData.ok ? actionData.error.message : undefined}
        orderAgain={<OrderAgainIsland orderId={loaderData.order.id} />}
      />
    </>
  );
}

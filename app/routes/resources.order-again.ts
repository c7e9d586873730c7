import { data, redirect } from "react-router";
import { orderAgain } from "#server/checkout/order-again.ts";
import { readPlacedOrders } from "#server/checkout/placed-orders-cookie.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { readForm } from "#server/http/read-form.ts";
import { cartParam } from "#common/checkout/cart-param.ts";
import { ORDER_AGAIN_FIELDS } from "#common/checkout/order-again-fields.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import type { Route } from "./+types/resources.order-again";

/** Only Order Again's post: a visit by address goes to Order History. */
export function loader() {
  throw redirect(SITE_PAGES.orderHistory.path);
}

/**
 * Order Again (decision 36). From its island (`respond=json`): the order's lines at today's prices
 * and what changed, as JSON, which the island puts in this browser's cart. Without scripts: to the
 * checkout's address (the server's cart) with the order's lines and the prices it paid, where the
 * checkout prices them again and says what changed; an order this visitor may not see: Order
 * History with the refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, viewer } = context;
  const form = await readForm(request);
  const orderId = form.get(ORDER_AGAIN_FIELDS.orderId);
  const answer = await runAction(services, () =>
    orderAgain(services, {
      orderId: typeof orderId === "string" ? orderId.trim() : "",
      viewer,
      placedOrderIds: readPlacedOrders(request.headers.get("cookie"), services.env.APP_SECRET),
    }),
  );
  if (form.get(ORDER_AGAIN_FIELDS.respond) === "json") {
    if (!answer.data.ok) return answer;
    const { lines, adjustments } = answer.data;
    return data({
      ok: true as const,
      lines: lines.map((line) => ({
        item: {
          id: line.id,
          name: line.title,
          priceCents: line.listPriceCents,
          stock: line.stock,
          image: line.image,
          ...(line.priceBreaks.length > 0 ? { priceBreaks: line.priceBreaks } : {}),
        },
        quantity: line.quantity,
      })),
      changes: adjustments.map((change) => change.message),
    });
  }
  if (!answer.data.ok) {
    throw redirectWithToast(services, viewer ? SITE_PAGES.orderHistory.path : SITE_PAGES.home.path, {
      title: "Order Again",
      description: answer.data.error.message,
      variant: "destructive",
    });
  }
  const { requested, adjustments } = answer.data;
  // The checkout says what changed for the lines it gets; a deleted book's line it never sees.
  const deleted = adjustments.filter((change) => change.kind === "gone" && change.id === "");
  throw redirectWithToast(
    services,
    `${SITE_PAGES.checkout.path}?items=${encodeURIComponent(cartParam(requested))}`,
    {
      title: "Order Again",
      description: [
        "Your order's items are below, at today's prices.",
        ...deleted.map((change) => change.message),
      ].join(" "),
    },
    { status: 303 },
  );
}

import type { ReactNode } from "react";
import { CheckCircle2, FileDown, PackageSearch, PackageX } from "lucide-react";
import { PAY_BY_CARD_INTENT } from "#common/checkout/pay-by-card-intent.ts";
import type { OrderConfirmation } from "#server/checkout/get-order-confirmation.ts";
import type { ConfirmationVisit } from "#server/checkout/return-from-payment.ts";
import { PostButtonIsland } from "#app/components/forms/post-button.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatLongDate } from "#common/dates.ts";
import { orderPath, returnRequestPath, SITE_RESOURCES } from "#common/pages/site-paths.ts";
import { TrackingNumberList } from "#app/components/ui/tracking-number-list.tsx";
import { OrderSummary } from "./order-summary.tsx";

export type { ConfirmationVisit };

/**
 * The confirmation page of an order: id, lines, totals, address, shipping, the payment and its
 * state (paid, pending, failed…), and a Track Order link. A card or PayPal order still awaiting
 * payment offers "Pay by card" or "Pay with PayPal" (a POST that opens the provider's page
 * again), e.g. after the buyer cancelled there. Server-rendered on an island page (decision 21):
 * the button is an island, the links plain links.
 */
export function OrderConfirmationView({
  order,
  visit,
  canPayAgain,
  payFailure,
  orderAgain,
}: {
  order: OrderConfirmation;
  visit: ConfirmationVisit;
  canPayAgain: boolean;
  payFailure?: string | undefined;
  /** The page's Order Again button (an island of the cart feature), under the order's links. */
  orderAgain?: ReactNode;
}) {
  const awaitingProvider =
    (order.paymentMethod === "card" || order.paymentMethod === "paypal") && order.paymentStatus === "awaiting_payment";
  const offerPayment = awaitingProvider && canPayAgain && !visit.returnedFromPayment && !order.paymentPending;
  const address = [
    order.address.street,
    [order.address.city, order.address.region, order.address.postalCode].filter(Boolean).join(", "),
    order.address.country,
  ].filter(Boolean);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-brand-100 pb-8">
        <p className="flex items-center gap-2 font-semibold text-green-800">
          <CheckCircle2 aria-hidden="true" className="size-6" />
          Order placed
        </p>
        <h1 className="mt-2 font-serif text-4xl font-bold leading-tight text-brand-800 sm:text-5xl">
          Thank you for your order!
        </h1>
        <p className="mt-4 text-lg text-gray-700">
          Your order ID is{" "}
          <strong className="font-mono text-ink" data-testid="order-id">
            {order.id}
          </strong>
          . A confirmation goes to {order.email}.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-6">
          <section
            aria-labelledby="payment-heading"
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8"
            data-testid="payment-state"
          >
            <h2 id="payment-heading" className="mb-3 font-serif text-xl font-bold text-brand-800">
              Payment
            </h2>
            <PaymentState order={order} visit={visit} />
            {payFailure ? (
              <p role="alert" className="mt-3 font-medium text-red-700">
                {payFailure}
              </p>
            ) : null}
            {offerPayment ? (
              <PostButtonIsland
                fields={{ intent: PAY_BY_CARD_INTENT }}
                label={order.paymentMethod === "paypal" ? "Pay with PayPal" : "Pay by card"}
                busyLabel="Opening payment..."
                icon="credit-card"
                className="mt-4"
                buttonClassName={buttonStyles.primary}
              />
            ) : null}
          </section>

          <section
            aria-labelledby="shipping-heading"
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8"
          >
            <h2 id="shipping-heading" className="mb-3 font-serif text-xl font-bold text-brand-800">
              Shipping
            </h2>
            <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt className="font-medium">Ship to</dt>
              <dd data-testid="shipping-address">
                {order.fullName ? <span className="block">{order.fullName}</span> : null}
                {order.organisation ? <span className="block">{order.organisation}</span> : null}
                {address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </dd>
              <dt className="font-medium">Method</dt>
              <dd>{order.shippingMethodName ?? "—"}</dd>
              {order.trackingNumbers.length > 0 ? (
                <>
                  <dt className="font-medium">Tracking</dt>
                  <dd>
                    <TrackingNumberList numbers={order.trackingNumbers} />
                  </dd>
                </>
              ) : null}
              {order.poNumber ? (
                <>
                  <dt className="font-medium">PO number</dt>
                  <dd>{order.poNumber}</dd>
                </>
              ) : null}
              <dt className="font-medium">Placed</dt>
              <dd>{formatLongDate(order.orderDate)}</dd>
            </dl>
          </section>
        </div>

        <div className="grid gap-4">
          <OrderSummary
            heading="Your Order"
            lines={order.lines}
            currency={order.currency}
            subtotalCents={order.subtotalCents}
            shipping={{ name: order.shippingMethodName ?? "Shipping", cents: order.shippingCents }}
            discount={order.discount}
            tax={{
              cents: order.tax.taxCents,
              lines: order.tax.lines,
              exemptCertificateNumber: order.tax.exemptCertificateNumber,
              exemptionPending: order.exemptionPending,
              refundedCents: order.taxRefundedCents,
            }}
          />
          {orderAgain}
          <a href={`/track-order?orderId=${encodeURIComponent(order.id)}`} className={buttonStyles.secondary}>
            <PackageSearch aria-hidden="true" className="size-5" />
            Track Order
          </a>
          <a href={orderPath(SITE_RESOURCES.orderInvoice.path, order.id)} download className={buttonStyles.subtle}>
            <FileDown aria-hidden="true" className="size-5" />
            Download invoice (PDF)
          </a>
          <a href={returnRequestPath(order.id)} className={buttonStyles.subtle}>
            <PackageX aria-hidden="true" className="size-5" />
            Return or report damage
          </a>
        </div>
      </div>
    </div>
  );
}

function PaymentState({ order, visit }: { order: OrderConfirmation; visit: ConfirmationVisit }) {
  const label = order.paymentStatusLabel;
  if (order.paymentStatus === "paid") {
    return (
      <p>
        <strong className="text-green-800">Paid</strong>
        {order.paymentMethod === "card"
          ? " by card. Thank you!"
          : order.paymentMethod === "paypal"
            ? " with PayPal. Thank you!"
            : ". Thank you!"}
      </p>
    );
  }
  if (order.paymentMethod === "paypal") {
    const paypal = payPalState(order, visit);
    if (paypal) return paypal;
  }
  if (order.paymentMethod === "invoice" && order.paymentStatus === "awaiting_payment") {
    return (
      <div className="grid gap-2">
        <p>
          <strong>Pay by invoice: awaiting payment.</strong>
        </p>
        <p>
          We have e-mailed the invoice to {order.email}
          {order.invoiceTerms ? `. Payment terms: ${order.invoiceTerms}.` : "."} Your books are reserved for you.
        </p>
      </div>
    );
  }
  if (order.paymentMethod === "card" && order.paymentStatus === "awaiting_payment") {
    return awaitingPayment(visit, PROVIDER_WORDS.card);
  }
  return (
    <p>
      <strong>{label}</strong>
    </p>
  );
}

/** What the page says of a PayPal payment that is not (yet) paid; null: the state's label says it. */
function payPalState(order: OrderConfirmation, visit: ConfirmationVisit) {
  if (order.paymentStatus === "payment_failed") {
    return (
      <p>
        <strong className="text-red-800">The PayPal payment did not go through.</strong> Nothing was charged, and the
        order was cancelled. You are welcome to place it again.
      </p>
    );
  }
  if (order.paymentStatus === "expired") {
    return (
      <p>
        <strong>The PayPal payment was not completed in time.</strong> Nothing was charged, and the order was cancelled.
        You are welcome to place it again.
      </p>
    );
  }
  if (order.paymentStatus === "needs_review") {
    return (
      <p>
        <strong>We are checking your PayPal payment.</strong> We will e-mail {order.email} once we have.
      </p>
    );
  }
  if (order.paymentStatus !== "awaiting_payment") return null;
  if (order.paymentPending) {
    return (
      <p>
        <strong>Payment pending.</strong> PayPal has your payment and is still clearing it; we will e-mail you once it
        has arrived. Your books are reserved for you.
      </p>
    );
  }
  return awaitingPayment(visit, PROVIDER_WORDS.paypal);
}

/** How the page names each provider's payment in the states below. */
const PROVIDER_WORDS = {
  card: { payment: "card payment", page: "the card payment page", by: "by card", confirmer: "Stripe" },
  paypal: { payment: "PayPal payment", page: "PayPal", by: "with PayPal", confirmer: "PayPal" },
};

/** What the page says of a card or PayPal payment still awaited: cancelled there, its page not opened, or on its way. */
function awaitingPayment(visit: ConfirmationVisit, words: (typeof PROVIDER_WORDS)[keyof typeof PROVIDER_WORDS]) {
  // Each sentence one string: the page stays one text run per sentence, as when written out.
  if (visit.cancelledPayment) {
    return (
      <p>
        <strong>{`The ${words.payment} was cancelled.`}</strong>
        {` Your order is saved and waiting for payment; you can pay ${words.by} again below.`}
      </p>
    );
  }
  if (visit.paymentUnavailable) {
    return (
      <p>
        <strong>{`We could not open ${words.page}.`}</strong>
        {` Your order is saved and waiting for payment; please try paying ${words.by} again below.`}
      </p>
    );
  }
  return (
    <p>
      <strong>Waiting for payment confirmation.</strong>{" "}
      {visit.returnedFromPayment
        ? `${words.confirmer} is confirming your payment; this page shows it as paid once it arrives.`
        : `Your order is waiting for your ${words.payment}.`}
    </p>
  );
}

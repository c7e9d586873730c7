import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { formatMoney } from "#common/money/money.ts";
import { refundOrderSchema, type ORDER_ACTION_INTENTS } from "#common/orders/order-action-schema.ts";
import type { OrderDetails } from "#server/orders/get-order-details.ts";
import { REFUNDABLE_PAYMENT_STATUSES } from "#common/orders/payment-status.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { cancelConfirmation } from "./cancel-confirmation.ts";

type Intent = (typeof ORDER_ACTION_INTENTS)[keyof typeof ORDER_ACTION_INTENTS];

/**
 * Which actions make sense for the order as shown. The server decides again (and refuses with a
 * message): this only keeps buttons that cannot work out of the way.
 */
export function availableOrderActions(order: OrderDetails) {
  const open = order.status !== "Cancelled";
  const refundable = order.amountPaidCents - order.amountRefundedCents;
  return {
    markPaid:
      open &&
      ((order.paymentStatus === "awaiting_payment" && order.paymentMethod === "invoice") ||
        order.paymentStatus === "needs_review"),
    cancel: open && order.status !== "Shipped" && order.status !== "Delivered",
    refund: order.paymentMethod !== null && refundable > 0 && REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus),
    refundableCents: Math.max(refundable, 0),
  };
}

const CONFIRM: Record<
  Intent,
  {
    title: string | ((order: OrderDetails) => string);
    label: string;
    description: (order: OrderDetails, refundCents: number) => string;
  }
> = {
  "mark-paid": {
    title: "Mark this order paid?",
    label: "Mark paid",
    description: (order) =>
      `Records that ${formatMoney(order.totalCents, order.currency)} was received for order ${order.id} and e-mails the customer a receipt.`,
  },
  cancel: {
    title: (order) => cancelConfirmation(order).title,
    label: "Cancel order",
    description: (order) => cancelConfirmation(order).description,
  },
  refund: {
    title: "Refund this order?",
    label: "Refund",
    description: (order, refundCents) =>
      order.paymentMethod === "card"
        ? `${formatMoney(refundCents, order.currency)} will be refunded to the customer's card through Stripe. This cannot be undone.`
        : order.paymentMethod === "paypal"
          ? `${formatMoney(refundCents, order.currency)} will be refunded to the customer's PayPal account through PayPal. This cannot be undone.`
          : `Invoice orders are paid outside the shop: this records ${formatMoney(refundCents, order.currency)} you have returned to the customer yourself.`,
  },
};

/** Mark paid, Cancel and Refund for the order in the details dialog, each behind one confirmation. */
export function OrderActions({ order }: { order: OrderDetails }) {
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState<Intent | null>(null);
  const [amount, setAmount] = useState("");
  const [refundCents, setRefundCents] = useState(0);
  // One id per confirmed refund: a resent post carries it, so the server refunds once.
  const [refundRequestId, setRefundRequestId] = useState("");
  const actions = availableOrderActions(order);
  const busy = fetcher.state !== "idle";
  // The refund form's post carries the order's figures beside the typed amount.
  const refundValues = (data: FormData) => ({
    orderId: order.id,
    amount: data.get("amount") ?? "",
    refundedBefore: order.amountRefundedCents,
  });
  const { fieldErrors, formProps } = useRouteForm({
    schema: refundOrderSchema,
    fieldOrder: ["amount"],
    values: refundValues,
    failureTitle: "Could not refund the order",
    fetcher,
    // A checked amount asks for confirmation first; the confirmation posts (submit below).
    post: (_form, data) => {
      const checked = refundOrderSchema.parse(refundValues(data));
      setRefundCents(checked.amount ?? actions.refundableCents);
      setRefundRequestId(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
      setConfirming("refund");
    },
  });

  if (!actions.markPaid && !actions.cancel && !actions.refund) return null;

  const submit = (intent: Intent) => {
    const fields: Record<string, string> = { intent, orderId: order.id };
    if (intent === "refund") {
      fields.amount = amount;
      fields.requestId = refundRequestId;
      fields.refundedBefore = String(order.amountRefundedCents);
    }
    void fetcher.submit(fields, { method: "post" });
    setConfirming(null);
    if (intent === "refund") setAmount("");
  };

  const title = confirming ? CONFIRM[confirming].title : "";
  return (
    <section aria-labelledby="order-actions-heading" className="mt-6 rounded-lg border border-brand-100 p-4">
      <h3 id="order-actions-heading" className="font-serif text-lg font-semibold text-brand-800">
        Actions
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {actions.markPaid ? (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={busy}
            onClick={() => setConfirming("mark-paid")}
          >
            Mark paid
          </button>
        ) : null}
        {actions.cancel ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() => setConfirming("cancel")}
          >
            Cancel order
          </button>
        ) : null}
      </div>
      {actions.refund ? (
        <form {...formProps} className="mt-4 flex flex-wrap items-end gap-3">
          <FormField
            label="Refund amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatMoney(actions.refundableCents, order.currency)}
            hint={`Leave empty to refund everything left (${formatMoney(actions.refundableCents, order.currency)}).`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={fieldErrors.amount}
            className="min-w-48 flex-1"
          />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Refund
          </button>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={typeof title === "string" ? title : title(order)}
          description={CONFIRM[confirming].description(order, refundCents)}
          confirmLabel={CONFIRM[confirming].label}
          {...(confirming === "cancel" ? { cancelLabel: "Keep order" } : {})}
          busy={busy}
          onConfirm={() => submit(confirming)}
        />
      ) : null}
    </section>
  );
}

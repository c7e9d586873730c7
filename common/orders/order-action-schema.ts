import { z } from "zod";
import { moneySchema } from "#common/money/money-field-schema.ts";
import { parcelRowsSchema, parcelSchema } from "./parcel-schema.ts";

/**
 * The staff actions on one order (Order Details), shared by the dialog's forms and the admin
 * orders action. Client-safe: zod and the money schema only. Amounts are never trusted for
 * anything but a refund's size, which the server checks against what was paid.
 */
export const orderIdFieldSchema = z
  .string({ error: "Please choose an order." })
  .trim()
  .min(1, "Please choose an order.");

export const orderActionSchema = z.object({ orderId: orderIdFieldSchema });

/** Largest refund the form accepts at all; the server also caps it at what is left to refund. */
const MAX_REFUND_CENTS = 100_000_000;

const STALE_REFUND_FORM = "This form is out of date: please close the order and open it again.";

export const refundOrderSchema = z.object({
  orderId: orderIdFieldSchema,
  /** Empty: refund everything still refundable. */
  amount: z
    .preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      moneySchema({
        formatMessage: "Please enter an amount such as 12.50.",
        tooHighMessage: "That amount is more than this order can refund.",
        maxCents: MAX_REFUND_CENTS,
      })
        .refine((cents) => cents > 0, "Please enter an amount above zero.")
        .optional(),
    )
    .transform((cents) => cents ?? null),
  /**
   * Made by the form when it is shown, sent with its post: the shop records it with the refund,
   * so the same post repeated after the refund was written changes nothing (refund-order.ts).
   */
  requestId: z.string().trim().max(100).optional(),
  /**
   * The refunded total (cents) the form showed: a refund recorded since (by someone else, by
   * Stripe's webhook, or by this very post before its answer was lost) makes the post refused
   * rather than refund again on stale figures.
   */
  refundedBefore: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: STALE_REFUND_FORM })
      .int(STALE_REFUND_FORM)
      .min(0, STALE_REFUND_FORM)
      .max(MAX_REFUND_CENTS, STALE_REFUND_FORM),
  ),
});

/** The Order Management action's intents for one order (besides the status dropdown's). */
export const ORDER_ACTION_INTENTS = { markPaid: "mark-paid", cancel: "cancel", refund: "refund" } as const;

/** At most this many orders in one bulk action: a page of the list, and a bounded request. */
export const BULK_ORDER_LIMIT = 100;

/** The orders ticked on the list for a bulk action; repeats are read once. */
export const bulkOrderIdsSchema = z
  .array(orderIdFieldSchema.pipe(z.string().max(100, "Please choose an order.")), {
    error: "Please choose at least one order.",
  })
  .min(1, "Please choose at least one order.")
  .max(BULK_ORDER_LIMIT, `Please choose at most ${BULK_ORDER_LIMIT} orders at a time.`)
  .transform((ids) => [...new Set(ids)]);

/** The Order Management list's bulk actions, posted as `intent`. */
export const BULK_ORDER_INTENTS = { markShipped: "bulk-mark-shipped" } as const;
/** The form field that carries each ticked order's id (repeated). */
export const BULK_ORDER_IDS_FIELD = "orderIds";

/**
 * The list's bulk "Mark shipped" post: the repeated ids field, read as a list by parseFields, and
 * for each order at most one parcel (`parcels.0.orderId`, `.carrier`, `.trackingNumber`; more
 * are added in the order's details). A parcel must name one of the ticked orders.
 */
export const bulkShipOrdersSchema = z
  .object({
    [BULK_ORDER_IDS_FIELD]: bulkOrderIdsSchema,
    parcels: parcelRowsSchema(parcelSchema.extend({ orderId: orderIdFieldSchema }), {
      max: BULK_ORDER_LIMIT,
      sameParcel: (parcel) => parcel.orderId,
      duplicateMessage: "One tracking number per order here: add more in the order's details.",
    }),
  })
  .superRefine((post, ctx) => {
    const chosen = new Set(post[BULK_ORDER_IDS_FIELD]);
    for (const parcel of post.parcels) {
      if (!chosen.has(parcel.orderId)) {
        ctx.addIssue({
          code: "custom",
          path: ["parcels"],
          message: "A tracking number was entered for an order that is not ticked.",
        });
        return;
      }
    }
  });

/** Staff release what one client holds in unpaid orders (Order Management, "Unpaid holds"). */
export const RELEASE_HOLDS_INTENT = "release-holds";
export const releaseHoldsSchema = z.object({
  clientKey: z.string({ error: "Please choose a client." }).trim().min(1, "Please choose a client.").max(100),
});

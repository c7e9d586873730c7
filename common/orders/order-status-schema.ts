import { z } from "zod";

/**
 * The order statuses an admin can choose, in the dropdown's order, shared by the browser and the
 * server. Client-safe: zod only. Any status may follow any other: the store has no workflow.
 */
export const ORDER_STATUSES = ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"] as const;

export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = `Please choose one of: ${ORDER_STATUSES.slice(0, -1).join(", ")} or ${ORDER_STATUSES.at(-1)}.`;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: ORDER_STATUS_MESSAGE });

/** The status dropdown's change, as the admin Order Management screen submits it. */
export const orderStatusChangeSchema = z.object({
  orderId: z.string({ error: "Please choose an order." }).trim().min(1, "Please choose an order."),
  status: orderStatusSchema,
});

/** The Order Management action's intents, posted as `intent` by the screen's forms. */
export const ORDER_INTENTS = { updateStatus: "status" } as const;

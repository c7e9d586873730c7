import { z } from "zod";
import { shipmentParcelsSchema } from "./parcel-schema.ts";

/**
 * The order statuses an admin can choose, in the dropdown's order, shared by the browser and the
 * server. Client-safe: zod only. Any status may follow any other: the store has no workflow.
 */
export const ORDER_STATUSES = ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"] as const;

export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = `Please choose one of: ${ORDER_STATUSES.slice(0, -1).join(", ")} or ${ORDER_STATUSES.at(-1)}.`;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: ORDER_STATUS_MESSAGE });

export const PARCELS_NEED_SHIPPED = "Tracking numbers are entered when an order is marked Shipped, or in its details.";

/**
 * The status dropdown's change, as the admin Order Management screen submits it; choosing
 * Shipped may bring the parcels' carriers and tracking numbers (the ship dialog).
 */
export const orderStatusChangeSchema = z
  .object({
    orderId: z.string({ error: "Please choose an order." }).trim().min(1, "Please choose an order."),
    status: orderStatusSchema,
    parcels: shipmentParcelsSchema,
  })
  .superRefine((change, ctx) => {
    if (change.parcels.length > 0 && change.status !== "Shipped") {
      ctx.addIssue({ code: "custom", path: ["parcels"], message: PARCELS_NEED_SHIPPED });
    }
  });

/** The Order Management action's intents, posted as `intent` by the screen's forms. */
export const ORDER_INTENTS = { updateStatus: "status" } as const;

import { describe, expect, expectTypeOf, it } from "vitest";
import type { OrderStatus } from "#server/db/schema.ts";
import {
  ORDER_STATUS_MESSAGE,
  ORDER_STATUSES,
  orderStatusSchema,
  type OrderStatusValue,
} from "./order-status-schema.ts";

describe("order status schema", () => {
  it("lists exactly the statuses the database accepts", () => {
    expectTypeOf<OrderStatusValue>().toEqualTypeOf<OrderStatus>();
    expect(ORDER_STATUSES).toEqual(["Pending", "Processing", "Shipped", "Delivered", "Cancelled"]);
    expect(ORDER_STATUS_MESSAGE).toBe("Please choose one of: Pending, Processing, Shipped, Delivered or Cancelled.");
  });

  it("accepts the five statuses only, spelled exactly", () => {
    for (const status of ORDER_STATUSES) expect(orderStatusSchema.parse(status)).toBe(status);
    for (const other of ["pending", "Refunded", "", " Shipped", null, 3]) {
      expect(orderStatusSchema.safeParse(other).success).toBe(false);
    }
  });
});

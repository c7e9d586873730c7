import { describe, expect, it } from "vitest";
import { useAdminTestApp } from "#tests/support/admin-test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { readFlash } from "#server/http/flash.ts";
import { BULK_ORDER_LIMIT } from "#common/orders/order-action-schema.ts";
import { ORDER_STATUS_MESSAGE } from "#common/orders/order-status-schema.ts";

/** The toast the answer sets, as the next page would show it. */
const toastOf = (response: Response) => readFlash(response.headers.get("set-cookie")?.split(";")[0]);

describe.each(TEST_ENGINES)("the orders route's intents on %s", (engine) => {
  const shop = useAdminTestApp(engine);

  const postFields = (fields: [string, string][]) =>
    shop.t.app.request("/admin/orders.data", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: shop.admin },
    });
  const post = (orderIds: string[]) =>
    postFields([["intent", "bulk-mark-shipped"], ...orderIds.map((id): [string, string] => ["orderIds", id])]);
  const row = (id: string) =>
    shop.t.services.db
      .selectFrom("orders")
      .select(["status", "updated_at", "payment_status", "amount_refunded_cents"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const status = async (id: string) => (await row(id)).status;

  /** A refusal: 400, the failure toast with the message, and the field's message in the answer. */
  async function expectRefused(response: Response, title: string, field: string, message: string) {
    expect(response.status).toBe(400);
    expect(toastOf(response)).toMatchObject({ title, description: message, variant: "destructive" });
    const body = await response.text();
    expect(body).toContain(`"${field}"`);
    expect(body).toContain(JSON.stringify(message));
  }

  it("ships the orders it may, sets the toast, and a retry changes nothing", async () => {
    // The seed: ORD-2025-002 is Processing and paid, ORD-2025-003 is Delivered.
    const response = await post(["ORD-2025-002", "ORD-2025-003"]);
    expect(response.status).toBe(200);
    expect(toastOf(response)).toMatchObject({
      title: "Orders updated",
      description: "1 order marked shipped. 1 skipped: ORD-2025-003 (already delivered).",
    });
    expect(await status("ORD-2025-002")).toBe("Shipped");
    expect(await status("ORD-2025-003")).toBe("Delivered");

    const retry = await post(["ORD-2025-002"]);
    expect(toastOf(retry)?.description).toBe("0 orders marked shipped. 1 skipped: ORD-2025-002 (already shipped).");
  });

  it("refuses more orders than the limit with a 400 and changes nothing", async () => {
    const ids = ["ORD-2025-001", ...Array.from({ length: BULK_ORDER_LIMIT }, (_, i) => `ORD-X-${i}`)];
    const before = await status("ORD-2025-001");
    const response = await post(ids);
    expect(response.status).toBe(400);
    expect(toastOf(response)).toMatchObject({
      title: "Could not mark the orders shipped",
      description: `Please choose at most ${BULK_ORDER_LIMIT} orders at a time.`,
      variant: "destructive",
    });
    expect(await status("ORD-2025-001")).toBe(before);
  });

  it("refuses an empty or blank choice of orders with the schema's message", async () => {
    await expectRefused(
      await post([]),
      "Could not mark the orders shipped",
      "orderIds",
      "Please choose at least one order.",
    );
    await expectRefused(
      await post([" "]),
      "Could not mark the orders shipped",
      "orderIds.0",
      "Please choose an order.",
    );
  });

  it("refuses a status outside the list, or no order, and changes nothing", async () => {
    const before = await row("ORD-2025-001");
    for (const chosen of ["Refunded", "shipped", ""]) {
      const response = await postFields([
        ["intent", "status"],
        ["orderId", "ORD-2025-001"],
        ["status", chosen],
      ]);
      await expectRefused(response, "Error updating status", "status", ORDER_STATUS_MESSAGE);
    }
    await expectRefused(
      await postFields([
        ["intent", "status"],
        ["orderId", "ORD-2025-001"],
      ]),
      "Error updating status",
      "status",
      ORDER_STATUS_MESSAGE,
    );
    await expectRefused(
      await postFields([
        ["intent", "status"],
        ["orderId", "  "],
        ["status", "Pending"],
      ]),
      "Error updating status",
      "orderId",
      "Please choose an order.",
    );
    expect(await row("ORD-2025-001")).toEqual(before);
  });

  it("refuses mark paid and cancel without an order", async () => {
    await expectRefused(
      await postFields([
        ["intent", "mark-paid"],
        ["orderId", " "],
      ]),
      "Could not mark the order paid",
      "orderId",
      "Please choose an order.",
    );
    await expectRefused(
      await postFields([["intent", "cancel"]]),
      "Could not cancel the order",
      "orderId",
      "Please choose an order.",
    );
  });

  it("refuses zero, negative and malformed refund amounts under the amount field, refunding nothing", async () => {
    const before = await row("ORD-2025-002");
    const refused: [string, string][] = [
      ["0", "Please enter an amount above zero."],
      ["-3", "Please enter an amount such as 12.50."],
      ["abc", "Please enter an amount such as 12.50."],
      ["1.234", "Please enter an amount such as 12.50."],
    ];
    for (const [amount, message] of refused) {
      const response = await postFields([
        ["intent", "refund"],
        ["orderId", "ORD-2025-002"],
        ["amount", amount],
        ["requestId", "form-1"],
        ["refundedBefore", "0"],
      ]);
      await expectRefused(response, "Could not refund the order", "amount", message);
    }
    expect(await row("ORD-2025-002")).toEqual(before);
  });

  it("refuses a refund whose form showed another refunded total, refunding nothing, and takes it with the total the order has", async () => {
    const orderId = await insertTestOrder(shop.t.services.db, { order: { payment_status: "paid" } });
    const refund = (refundedBefore: string, requestId: string) =>
      postFields([
        ["intent", "refund"],
        ["orderId", orderId],
        ["amount", "5.00"],
        ["requestId", requestId],
        ["refundedBefore", refundedBefore],
      ]);

    const stale = await refund("250", "form-1");
    expect(stale.status).toBe(409);
    expect(toastOf(stale)).toMatchObject({
      title: "Could not refund the order",
      description:
        "This order's refunds changed since this form was opened: $0.00 is refunded now. Please check what is left to refund before refunding more.",
      variant: "destructive",
    });
    await expectRefused(
      await refund("", "form-2"),
      "Could not refund the order",
      "refundedBefore",
      "This form is out of date: please close the order and open it again.",
    );
    expect(await row(orderId)).toMatchObject({ payment_status: "paid", amount_refunded_cents: 0 });

    const taken = await refund("0", "form-3");
    expect(taken.status).toBe(200);
    expect(toastOf(taken)?.description).toBe(`$5.00 refunded for order ${orderId}.`);
    expect(await row(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 500 });
  });
});

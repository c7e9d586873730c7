import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { readFlash } from "#server/http/flash.ts";
import { BULK_ORDER_LIMIT } from "./order-action-schema.ts";

/** The toast the answer sets, as the next page would show it. */
const toastOf = (response: Response) => readFlash(response.headers.get("set-cookie")?.split(";")[0]);

describe.each(TEST_ENGINES)("bulk Mark shipped through the orders route on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedInCookie(t.services, "owner@example.com", { admin: true });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const post = (orderIds: string[]) => {
    const body = new URLSearchParams([["intent", "bulk-mark-shipped"], ...orderIds.map((id) => ["orderIds", id])]);
    return t.app.request("/admin/orders.data", {
      method: "POST",
      body: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
    });
  };
  const status = async (id: string) =>
    (await t.services.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

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
});

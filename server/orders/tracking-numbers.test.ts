import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, orderActionDeps as deps, paidCardOrder } from "#tests/support/test-orders.ts";
import { getOrderConfirmation } from "#server/checkout/get-order-confirmation.ts";
import { MAX_TRACKING_NUMBERS_PER_ORDER } from "#common/orders/parcel-schema.ts";
import { addTrackingNumber } from "./add-tracking-number.ts";
import { editTrackingNumber, TRACKING_NUMBER_GONE } from "./edit-tracking-number.ts";
import { getOrderDetails } from "./get-order-details.ts";
import { renderOrderMail } from "./order-mails.ts";
import { removeTrackingNumber } from "./remove-tracking-number.ts";
import { resendShippedMail, SHIPPED_MAIL_RESENDS_PER_DAY } from "./resend-shipped-mail.ts";
import { trackOrder } from "./track-order.ts";
import { TOO_MANY_TRACKING_NUMBERS } from "./tracking-numbers.ts";
import { updateOrderStatus } from "./update-order-status.ts";

const USPS = { carrier: "usps", trackingNumber: "9400 1000 0000 0000 0000 00" } as const;
const UPS = { carrier: "ups", trackingNumber: "1Z999AA10123456784" } as const;
const LOCAL = { carrier: "other", trackingNumber: "AB-1234" } as const;

describe.each(TEST_ENGINES)("tracking numbers on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp(order = paidCardOrder()) {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const orderId = await insertTestOrder(db, { takeStock: false, order });
    return { db, orderId };
  }
  const numbers = (db: Kysely<Database>, orderId: string) =>
    db
      .selectFrom("order_tracking_numbers")
      .select(["carrier", "tracking_number"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
  const steps = (db: Kysely<Database>, orderId: string) =>
    db
      .selectFrom("order_status_history")
      .select(["status", "note", "customer_visible"])
      .where("order_id", "=", orderId)
      .orderBy("occurred_at")
      .orderBy("status")
      .orderBy("note")
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, customer_visible: Boolean(row.customer_visible) })));
  const shippedMails = (db: Kysely<Database>, orderId: string) =>
    db
      .selectFrom("mail_outbox")
      .select("dedupe_key")
      .where("order_id", "=", orderId)
      .where("kind", "=", "shipped")
      .execute();
  const mailDeps = (db: Kysely<Database>) => ({
    db,
    clock: () => new Date("2026-11-21T10:00:00.000Z"),
    env: { PUBLIC_URL: "https://shop.example" },
  });

  it("ships an order with its parcels: stored, named in the step, linked in the shipped mail and on every page", async () => {
    const { db, orderId } = await setUp();
    const result = await updateOrderStatus(deps(db), { orderId, status: "Shipped", parcels: [USPS, UPS, LOCAL] });
    expect(result.changed).toBe(true);
    expect(await numbers(db, orderId)).toHaveLength(3);
    expect((await steps(db, orderId)).at(-1)).toEqual({
      status: "Shipped",
      note: "Tracking: USPS 9400 1000 0000 0000 0000 00, UPS 1Z999AA10123456784, Other AB-1234",
      customer_visible: true,
    });
    expect(await shippedMails(db, orderId)).toHaveLength(1);

    const mail = (await renderOrderMail(mailDeps(db), { kind: "shipped", orderId }))!;
    expect(mail.text).toContain(
      "USPS 9400 1000 0000 0000 0000 00: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    );
    expect(mail.text).toContain("UPS 1Z999AA10123456784: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    // "Other" has no tracking page: its number is listed, with no link.
    expect(mail.text).toContain("Other: AB-1234\n");
    expect(mail.text).not.toContain("Track Other");
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(mail.html).toContain("AB-1234");

    const expected = [
      { carrier: "usps", trackingNumber: USPS.trackingNumber },
      { carrier: "ups", trackingNumber: UPS.trackingNumber },
      { carrier: "other", trackingNumber: LOCAL.trackingNumber },
    ];
    expect((await trackOrder({ db }, { orderId }))?.trackingNumbers).toEqual(expected);
    const confirmation = await getOrderConfirmation(
      { db },
      { orderId, viewer: { userId: "staff", isAdmin: true }, placedOrderIds: [] },
    );
    expect(confirmation?.trackingNumbers).toEqual(expected);
    const details = await getOrderDetails({ db }, { orderId });
    expect(details.trackingNumbers.map(({ carrier, trackingNumber }) => ({ carrier, trackingNumber }))).toEqual(
      expected,
    );
  });

  it("adds parcels posted with Shipped to an order already shipped, each number once, without a second mail", async () => {
    const { db, orderId } = await setUp();
    await updateOrderStatus(deps(db), { orderId, status: "Shipped", parcels: [USPS] });
    const again = await updateOrderStatus(deps(db), { orderId, status: "Shipped", parcels: [USPS, UPS] });
    expect(again.changed).toBe(false);
    expect((await numbers(db, orderId)).map((n) => n.tracking_number)).toEqual([
      USPS.trackingNumber,
      UPS.trackingNumber,
    ]);
    expect((await steps(db, orderId)).filter((step) => step.status === "Tracking number added")).toEqual([
      { status: "Tracking number added", note: "UPS 1Z999AA10123456784", customer_visible: false },
    ]);
    expect(await shippedMails(db, orderId)).toHaveLength(1);
  });

  it("adds, corrects and removes a number with staff-only steps; repeats change nothing", async () => {
    const { db, orderId } = await setUp({ ...paidCardOrder(), status: "Processing" });
    expect(await addTrackingNumber(deps(db), { orderId, ...USPS })).toEqual({
      orderId,
      trackingNumber: USPS.trackingNumber,
      changed: true,
    });
    expect((await addTrackingNumber(deps(db), { orderId, ...USPS })).changed).toBe(false);
    await addTrackingNumber(deps(db), { orderId, ...LOCAL });
    // Added in the same instant: told apart by number, not by position.
    const stored = (await getOrderDetails({ db }, { orderId })).trackingNumbers;
    const first = stored.find((parcel) => parcel.carrier === "usps");
    const second = stored.find((parcel) => parcel.carrier === "other");

    expect(
      (
        await editTrackingNumber(deps(db), {
          orderId,
          trackingId: first!.id,
          carrier: "usps",
          trackingNumber: USPS.trackingNumber,
        })
      ).changed,
    ).toBe(false);
    await expect(editTrackingNumber(deps(db), { orderId, trackingId: first!.id, ...LOCAL })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This order already has that tracking number.",
    });
    expect(await editTrackingNumber(deps(db), { orderId, trackingId: first!.id, ...UPS })).toMatchObject({
      changed: true,
    });
    await expect(
      editTrackingNumber(deps(db), { orderId: "ORD-ELSEWHERE", trackingId: first!.id, ...UPS }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const elsewhere = await insertTestOrder(db, { takeStock: false });
    await expect(
      editTrackingNumber(deps(db), { orderId: elsewhere, trackingId: first!.id, ...UPS }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: TRACKING_NUMBER_GONE });

    expect((await removeTrackingNumber(deps(db), { orderId, trackingId: second!.id })).changed).toBe(true);
    expect((await removeTrackingNumber(deps(db), { orderId, trackingId: second!.id })).changed).toBe(false);

    expect(await numbers(db, orderId)).toEqual([{ carrier: "ups", tracking_number: UPS.trackingNumber }]);
    expect((await steps(db, orderId)).filter((step) => step.status.startsWith("Tracking"))).toEqual([
      { status: "Tracking number added", note: "Other AB-1234", customer_visible: false },
      { status: "Tracking number added", note: "USPS 9400 1000 0000 0000 0000 00", customer_visible: false },
      {
        status: "Tracking number corrected",
        note: "USPS 9400 1000 0000 0000 0000 00 → UPS 1Z999AA10123456784",
        customer_visible: false,
      },
      { status: "Tracking number removed", note: "Other AB-1234", customer_visible: false },
    ]);
    // Staff-only steps: the customer's timeline is unchanged.
    expect((await trackOrder({ db }, { orderId }))?.history.map((step) => step.status)).toEqual(["Order Placed"]);
  });

  it("refuses a number for a cancelled or unknown order, and past the order's limit, storing nothing", async () => {
    const { db, orderId } = await setUp({ status: "Cancelled", payment_status: "voided" });
    await expect(addTrackingNumber(deps(db), { orderId, ...USPS })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "cancelled",
    });
    await expect(addTrackingNumber(deps(db), { orderId: "ORD-NOPE", ...USPS })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await numbers(db, orderId)).toEqual([]);

    const full = await insertTestOrder(db, { takeStock: false, order: paidCardOrder() });
    for (let n = 0; n < MAX_TRACKING_NUMBERS_PER_ORDER; n++) {
      await addTrackingNumber(deps(db), { orderId: full, carrier: "ups", trackingNumber: `1Z${1000 + n}` });
    }
    await expect(addTrackingNumber(deps(db), { orderId: full, ...USPS })).rejects.toMatchObject({
      code: "CONFLICT",
      message: TOO_MANY_TRACKING_NUMBERS,
    });
    await expect(
      updateOrderStatus(deps(db), { orderId: full, status: "Shipped", parcels: [USPS] }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: TOO_MANY_TRACKING_NUMBERS });
    expect(await numbers(db, full)).toHaveLength(MAX_TRACKING_NUMBERS_PER_ORDER);
    expect(
      (await db.selectFrom("orders").select("status").where("id", "=", full).executeTakeFirstOrThrow()).status,
    ).toBe("Pending");
  });

  it("sends the shipped mail again only for a shipped order, once per request, a few times a day", async () => {
    const { db, orderId } = await setUp();
    await expect(resendShippedMail(deps(db), { orderId, requestId: "r0" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${orderId} has not shipped: the shipped e-mail goes out when it is marked Shipped.`,
    });
    await updateOrderStatus(deps(db), { orderId, status: "Shipped" });
    expect(await resendShippedMail(deps(db), { orderId, requestId: "r1" })).toEqual({ orderId, queued: true });
    expect(await resendShippedMail(deps(db), { orderId, requestId: "r1" })).toEqual({ orderId, queued: false });
    for (let n = 2; n <= SHIPPED_MAIL_RESENDS_PER_DAY; n++) {
      await resendShippedMail(deps(db), { orderId, requestId: `r${n}` });
    }
    await expect(resendShippedMail(deps(db), { orderId, requestId: "r-late" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(await shippedMails(db, orderId)).toHaveLength(1 + SHIPPED_MAIL_RESENDS_PER_DAY);
    expect((await steps(db, orderId)).filter((step) => step.status === "Shipped e-mail sent again")).toHaveLength(
      SHIPPED_MAIL_RESENDS_PER_DAY,
    );
    // A day later it may go again.
    const tomorrow = deps(db, new Date("2026-11-22T09:00:01.000Z"));
    expect(await resendShippedMail(tomorrow, { orderId, requestId: "r-tomorrow" })).toEqual({ orderId, queued: true });
  });
});

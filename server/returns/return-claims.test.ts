import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "#server/errors/app-error.ts";
import { DatabasePrivateFileStore } from "#server/files/private-file-store.ts";
import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import type { OutgoingMail } from "#server/mail/mailer.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { bundleStock } from "#tests/support/test-bundles.ts";
import {
  insertStatusStep,
  insertTestOrder,
  orderActionDeps,
  readOrder,
  TEST_APP_SECRET,
} from "#tests/support/test-orders.ts";
import { userRow } from "#tests/support/test-users.ts";
import { countRows } from "#tests/support/row-count.ts";
import { RETURN_CLAIM_MESSAGES } from "#common/returns/return-claim-terms.ts";
import { claimWindow, type ClaimAccess } from "./claim-order.ts";
import { claimAccessOf, readProvenOrders, rememberProvenOrder } from "./claim-proof-cookie.ts";
import { findClaimOrder } from "./find-claim-order.ts";
import { getClaimPage } from "./get-claim-page.ts";
import { getClaimPhoto } from "./get-claim-photo.ts";
import { listReturnClaims } from "./list-return-claims.ts";
import { requestReturnClaim } from "./request-return-claim.ts";
import { reviewReturnClaim } from "./review-return-claim.ts";
import { settleReturnClaim } from "./settle-return-claim.ts";

const SHIPPED_AT = new Date("2026-11-01T10:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const GUEST: ClaimAccess = { viewer: null, placedOrderIds: [], provenOrderIds: [] };
const proven = (orderId: string): ClaimAccess => ({ ...GUEST, provenOrderIds: [orderId] });
const STAFF: ClaimAccess = {
  viewer: { userId: "u-staff", email: "staff@example.com", emailVerified: true, isAdmin: true },
  placedOrderIds: [],
  provenOrderIds: [],
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("returns and damage claims on %s", (engine) => {
  let testDb: TestDatabase;
  let now: Date;
  let orderId: string;
  let items: { id: string; title: string; quantity: number }[];
  let photo: Buffer;

  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    const { db } = testDb.handle;
    await insertDefaultSettings(db, { now: SHIPPED_AT });
    for (const [id, email, role] of [
      ["u-owner", "buyer@example.com", null],
      ["u-staff", "staff@example.com", "admin"],
    ] as const) {
      await db
        .insertInto("user")
        .values(userRow({ id, email, createdAt: SHIPPED_AT.toISOString(), role, emailVerified: true }))
        .execute();
    }
    // A paid invoice order of two lines, shipped on SHIPPED_AT.
    orderId = await insertTestOrder(db, {
      lines: [
        { bundleId: "pkg-disciple", title: "The Disciple's Set", unitPriceCents: 3499, quantity: 2 },
        { bundleId: "pkg-disciple", title: "The Disciple's Set (gift)", unitPriceCents: 1000, quantity: 1 },
      ],
      order: { status: "Shipped", payment_status: "paid", user_id: "u-owner" },
    });
    await insertStatusStep(db, orderId, "Shipped", SHIPPED_AT);
    items = await db
      .selectFrom("order_items")
      .select(["id", "title", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
    now = new Date(SHIPPED_AT.getTime() + 3 * DAY);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
  });
  afterEach(async () => {
    await testDb?.cleanup();
  });

  function deps() {
    const { db } = testDb.handle;
    return { ...orderActionDeps(db, now), clock: () => now, privateFiles: new DatabasePrivateFileStore(db) };
  }
  const claim = (
    overrides: Partial<{ lines: { itemId: string; quantity: number }[]; kind: "return" | "damage" }> = {},
    access: ClaimAccess = proven(orderId),
    upload: Uint8Array | null = null,
  ) =>
    requestReturnClaim(deps(), {
      claim: {
        orderId,
        kind: overrides.kind ?? "damage",
        lines: overrides.lines ?? [{ itemId: items[0]!.id, quantity: 1 }],
        reason: "The cover arrived torn.",
      },
      photo: upload,
      access,
    });
  const count = (table: "return_claims" | "return_claim_lines" | "private_files") => countRows(testDb.handle.db, table);

  const approve = (claimId: string, instructions: string) =>
    reviewReturnClaim(deps(), { claimId, reviewerId: "u-staff", decision: "approve", instructions });
  const amountAsked = async (claimId: string) =>
    (
      await testDb.handle.db
        .selectFrom("return_claims")
        .select("amount_cents")
        .where("id", "=", claimId)
        .executeTakeFirstOrThrow()
    ).amount_cents;

  describe("the window", () => {
    it("counts 30 days from the Delivered step", async () => {
      const { db } = testDb.handle;
      await db.updateTable("orders").set({ status: "Delivered" }).where("id", "=", orderId).execute();
      const delivered = new Date(SHIPPED_AT.getTime() + 2 * DAY);
      await insertStatusStep(db, orderId, "Delivered", delivered);
      const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      const window = await claimWindow(db, order);
      expect(window).toMatchObject({ assumed: false });
      expect(window!.closesAt.toISOString()).toBe(new Date(delivered.getTime() + 30 * DAY).toISOString());

      now = new Date(delivered.getTime() + 30 * DAY - 1000);
      await expect(claim()).resolves.toMatchObject({ orderId });
      now = new Date(delivered.getTime() + 30 * DAY + 1000);
      const late = await refusal(claim());
      expect(late.message).toBe(RETURN_CLAIM_MESSAGES.windowClosed);
      expect(await count("return_claims")).toBe(1);
    });

    it("assumes receipt 14 days after shipping when never marked delivered", async () => {
      const { db } = testDb.handle;
      const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      const window = await claimWindow(db, order);
      expect(window).toMatchObject({ assumed: true });
      expect(window!.closesAt.toISOString()).toBe(new Date(SHIPPED_AT.getTime() + 44 * DAY).toISOString());
      now = new Date(SHIPPED_AT.getTime() + 45 * DAY);
      expect((await refusal(claim())).message).toBe(RETURN_CLAIM_MESSAGES.windowClosed);
      expect(await count("return_claims")).toBe(0);
    });

    it("takes no claim on an order not shipped, or cancelled", async () => {
      const { db } = testDb.handle;
      await db.updateTable("orders").set({ status: "Processing" }).where("id", "=", orderId).execute();
      expect((await refusal(claim())).message).toBe(RETURN_CLAIM_MESSAGES.notShipped);
      await db.updateTable("orders").set({ status: "Cancelled" }).where("id", "=", orderId).execute();
      expect((await refusal(claim())).message).toBe(RETURN_CLAIM_MESSAGES.cancelled);
      expect(await count("return_claims")).toBe(0);
    });
  });

  describe("the lines and quantities", () => {
    it("refuses a line not on the order, and more copies than bought less those claimed", async () => {
      const other = await insertTestOrder(testDb.handle.db);
      const foreign = await testDb.handle.db
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", other)
        .executeTakeFirstOrThrow();
      expect((await refusal(claim({ lines: [{ itemId: foreign.id, quantity: 1 }] }))).message).toBe(
        RETURN_CLAIM_MESSAGES.unknownLine,
      );
      const tooMany = await refusal(claim({ lines: [{ itemId: items[0]!.id, quantity: 3 }] }));
      expect(tooMany.message).toContain("at most 2 copies");
      expect((await refusal(claim({ lines: [{ itemId: items[0]!.id, quantity: 0 }] }))).message).toBe(
        RETURN_CLAIM_MESSAGES.noLines,
      );
      expect(await count("return_claims")).toBe(0);

      await claim({ lines: [{ itemId: items[0]!.id, quantity: 2 }] });
      const again = await refusal(claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] }));
      expect(again.message).toContain("already in a request");
      expect(await count("return_claims")).toBe(1);
    });

    it("asks back the sales tax charged on the claimed copies, at the order's rate", async () => {
      const { db } = testDb.handle;
      // The order as placed in Illinois at 6.25 %: tax on 2 × 34.99 + 10.00 = 79.98 is 5.00.
      await db.updateTable("orders").set({ tax_cents: 500 }).where("id", "=", orderId).execute();
      await db
        .insertInto("order_tax_lines")
        .values({
          order_id: orderId,
          jurisdiction: "US-IL",
          label: "Illinois",
          rate_thousandths: 6250,
          taxable_cents: 7998,
          tax_cents: 500,
        })
        .execute();
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] });
      // 34.99 and 6.25 % of it, 2.186875, rounded half up to 2.19.
      expect(await amountAsked(claimId)).toBe(3499 + 219);
    });

    it("refunds a discounted order's copies less their share of the code (decision 39)", async () => {
      const { db } = testDb.handle;
      // 2 × 34.99 + 10.00 = 79.98 with a code that took 8.00 off: one copy's share is 3.50.
      await db
        .updateTable("orders")
        .set({ subtotal_cents: 7998, discount_cents: 800, discount_code: "TEN" })
        .where("id", "=", orderId)
        .execute();
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] });
      // 34.99 × 800 / 7998 = 3.4999…, rounded half up to 3.50.
      expect(await amountAsked(claimId)).toBe(3499 - 350);
    });

    it("gives a refused claim's copies back", async () => {
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 2 }] });
      await reviewReturnClaim(deps(), { claimId, reviewerId: "u-staff", decision: "refuse", reason: "Used books." });
      await expect(claim({ lines: [{ itemId: items[0]!.id, quantity: 2 }] })).resolves.toMatchObject({ orderId });
      const page = await getClaimPage(deps(), { orderId, access: proven(orderId) });
      expect(page!.lines[0]).toMatchObject({ claimed: 2, claimable: 0 });
      expect(page!.claims.map((c) => c.status)).toEqual(expect.arrayContaining(["pending", "refused"]));
    });
  });

  describe("the proof", () => {
    it("refuses whoever cannot prove the order, as for an unknown one, storing nothing", async () => {
      const stranger: ClaimAccess = {
        viewer: { userId: "u-other", email: "other@example.com", emailVerified: true, isAdmin: false },
        placedOrderIds: [],
        provenOrderIds: ["ORD-SOMETHING-ELSE"],
      };
      for (const access of [GUEST, stranger]) {
        const refused = await refusal(claim({}, access));
        expect(refused.code).toBe("NOT_FOUND");
        expect(refused.message).toBe(RETURN_CLAIM_MESSAGES.notFound);
        expect(await getClaimPage(deps(), { orderId, access })).toBeNull();
      }
      expect(await count("return_claims")).toBe(0);
    });

    it("lets the owning account, the placing browser and a guest with the order's e-mail claim", async () => {
      const owner: ClaimAccess = {
        viewer: { userId: "u-owner", email: "buyer@example.com", emailVerified: true, isAdmin: false },
        placedOrderIds: [],
        provenOrderIds: [],
      };
      await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] }, owner);
      await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] }, { ...GUEST, placedOrderIds: [orderId] });
      const claims = await testDb.handle.db
        .selectFrom("return_claims")
        .select("user_id")
        .orderBy("created_at")
        .execute();
      expect(claims.map((c) => c.user_id).sort()).toEqual([null, "u-owner"].sort());

      // A guest proves it with the number in any case and the e-mail in any case; a wrong e-mail is refused.
      await expect(
        findClaimOrder(deps(), { orderId: orderId.toLowerCase(), email: "BUYER@example.com" }),
      ).resolves.toEqual({
        orderId,
      });
      const wrong = await refusal(findClaimOrder(deps(), { orderId, email: "someone@example.com" }));
      expect(wrong.message).toBe(RETURN_CLAIM_MESSAGES.notFound);

      // The proof cookie is signed: an altered one proves nothing.
      const cookie = rememberProvenOrder(null, orderId, { appSecret: TEST_APP_SECRET, secure: false }).split(";")[0]!;
      expect(readProvenOrders(cookie, TEST_APP_SECRET)).toEqual([orderId]);
      expect(readProvenOrders(cookie.replace(orderId, "ORD-OTHER"), TEST_APP_SECRET)).toEqual([]);
      expect(claimAccessOf({ viewer: null, cookieHeader: cookie, appSecret: TEST_APP_SECRET }).provenOrderIds).toEqual([
        orderId,
      ]);
    });
  });

  describe("the photo", () => {
    it("is re-encoded, kept privately, and shown only to the order's customer and staff", async () => {
      const { claimId } = await claim({}, proven(orderId), photo);
      const stored = await getClaimPhoto(deps(), { claimId, access: proven(orderId) });
      expect(stored?.contentType).toBe("image/webp");
      expect((await sharp(Buffer.from(stored!.bytes)).metadata()).format).toBe("webp");
      expect(await getClaimPhoto(deps(), { claimId, access: STAFF })).not.toBeNull();
      expect(await getClaimPhoto(deps(), { claimId, access: GUEST })).toBeNull();
      expect(
        await getClaimPhoto(deps(), {
          claimId,
          access: {
            viewer: { userId: "u-other", email: "x@example.com", emailVerified: true, isAdmin: false },
            placedOrderIds: [],
            provenOrderIds: [],
          },
        }),
      ).toBeNull();
      expect(await getClaimPhoto(deps(), { claimId: "not-an-id", access: STAFF })).toBeNull();
    });

    it("is told by its content: text named like a photo is refused and nothing is stored", async () => {
      const notAnImage = new TextEncoder().encode("GIF89a? no, just text pretending to be a .jpg");
      const refused = await refusal(claim({}, proven(orderId), notAnImage));
      expect(refused.fieldErrors).toHaveProperty("photo");
      expect(await count("return_claims")).toBe(0);
      expect(await count("private_files")).toBe(0);
    });
  });

  describe("staff's queue and settlement", () => {
    it("approves with instructions, settles by a refund recorded as the invoice's credit, and mails each step", async () => {
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] }, proven(orderId), photo);
      expect((await listReturnClaims(deps(), { status: "pending" })).claims.items.map((c) => c.id)).toEqual([claimId]);
      const notYet = await refusal(settleReturnClaim(deps(), { claimId, settlement: "refund" }));
      expect(notYet.code).toBe("CONFLICT");
      await approve(claimId, "No need to send it back.");
      const settled = await settleReturnClaim(deps(), { claimId, settlement: "refund" });
      expect(settled).toMatchObject({ settlement: "refund", refundedCents: 3499 });
      // Again (a double-click): refused, and nothing more refunded.
      await refusal(settleReturnClaim(deps(), { claimId, settlement: "refund" }));
      const order = await testDb.handle.db
        .selectFrom("orders")
        .select(["amount_refunded_cents", "payment_status"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ amount_refunded_cents: 3499, payment_status: "partially_refunded" });
      const steps = await testDb.handle.db
        .selectFrom("order_status_history")
        .select("status")
        .where("order_id", "=", orderId)
        .orderBy("occurred_at")
        .orderBy("id")
        .execute();
      expect(steps.map((s) => s.status)).toEqual(
        expect.arrayContaining([
          "Damage reported",
          "Damage report approved",
          "Partially refunded",
          "Claim settled: refund",
        ]),
      );

      const sent: OutgoingMail[] = [];
      const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
      await deliverQueuedMails({
        ...deps(),
        mailer,
        env: { PUBLIC_URL: "https://shop.example" },
        rateLimits: undefined as never,
      } as never);
      const subjects = sent.map((mail) => mail.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          `We received your damage report for order ${orderId}`,
          `Your damage report for order ${orderId} is approved`,
          `Your damage report for order ${orderId} is settled`,
        ]),
      );
      const settledMail = sent.find((mail) => mail.subject.endsWith("is settled"))!;
      expect(settledMail.to).toBe("buyer@example.com");
      expect(settledMail.text).toContain("credited $34.99");
      const approvedMail = sent.find((mail) => mail.subject.endsWith("is approved"))!;
      expect(approvedMail.text).toContain("No need to send it back.");
      expect(approvedMail.html).toContain("No need to send it back.");
    });

    it("settles by a replacement order at no charge, taking its stock and naming the original", async () => {
      const { db } = testDb.handle;
      // A set's stock is its books' (decision 38).
      const stock = () => bundleStock(db, "pkg-disciple");
      const before = await stock();
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 2 }] });
      await approve(claimId, "Keep them.");
      const settled = await settleReturnClaim(deps(), { claimId, settlement: "replacement" });
      const replacement = await readOrder(db, settled.replacementOrderId!);
      expect(replacement).toMatchObject({
        replacement_for_order_id: orderId,
        total_cents: 0,
        payment_status: "paid",
        payment_method: null,
        customer_email: "buyer@example.com",
        status: "Pending",
      });
      const lines = await db
        .selectFrom("order_items")
        .select(["quantity", "unit_price_cents"])
        .where("order_id", "=", replacement.id)
        .execute();
      expect(lines).toEqual([{ quantity: 2, unit_price_cents: 0 }]);
      if (before !== null) expect(await stock()).toBe(before - 2);
      // The books the replacement's sets took are recorded for it: a cancel gives them back.
      const units = await db
        .selectFrom("order_bundle_units")
        .select("quantity")
        .where("order_id", "=", replacement.id)
        .execute();
      expect(units.map((unit) => unit.quantity)).toEqual([2]);
      // Nothing was paid for a replacement: it cannot be refunded by a claim of its own.
      const refused = await refusal(
        (async () => {
          await db.updateTable("orders").set({ status: "Shipped" }).where("id", "=", replacement.id).execute();
          const replacementItems = await db
            .selectFrom("order_items")
            .select("id")
            .where("order_id", "=", replacement.id)
            .execute();
          const again = await requestReturnClaim(deps(), {
            claim: {
              orderId: replacement.id,
              kind: "damage",
              lines: [{ itemId: replacementItems[0]!.id, quantity: 1 }],
              reason: "Torn again.",
            },
            photo: null,
            access: proven(replacement.id),
          });
          await approve(again.claimId, "-");
          await settleReturnClaim(deps(), { claimId: again.claimId, settlement: "refund" });
        })(),
      );
      expect(refused.message).toContain("cannot be refunded");
    });

    it("settles once: a refused refund leaves the replacement open, a refund under way closes it", async () => {
      const { db } = testDb.handle;
      await db
        .updateTable("orders")
        .set({ payment_status: "awaiting_payment", amount_paid_cents: 0 })
        .where("id", "=", orderId)
        .execute();
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 1 }] });
      await approve(claimId, "Keep it.");
      const unpaid = await refusal(settleReturnClaim(deps(), { claimId, settlement: "refund" }));
      expect(unpaid.message).toContain("This invoice is not paid yet");
      await expect(settleReturnClaim(deps(), { claimId, settlement: "replacement" })).resolves.toMatchObject({
        settlement: "replacement",
      });

      const second = await claim({ lines: [{ itemId: items[1]!.id, quantity: 1 }] });
      await approve(second.claimId, "-");
      // A refund another request started (its provider call under way) is not replaced meanwhile.
      await db.updateTable("return_claims").set({ settlement: "refund" }).where("id", "=", second.claimId).execute();
      const replaced = await refusal(settleReturnClaim(deps(), { claimId: second.claimId, settlement: "replacement" }));
      expect(replaced.code).toBe("CONFLICT");
      expect(
        await db.selectFrom("orders").select("id").where("replacement_for_order_id", "=", orderId).execute(),
      ).toHaveLength(1);
    });

    it("refuses a replacement when the stock is short, changing nothing", async () => {
      const { db } = testDb.handle;
      const { claimId } = await claim({ lines: [{ itemId: items[0]!.id, quantity: 2 }] });
      await approve(claimId, "Keep them.");
      // One set's books left on the shelf (decision 38: a set's stock is its books').
      const parts = await db
        .selectFrom("bundle_books")
        .select("book_id")
        .where("bundle_id", "=", "pkg-disciple")
        .execute();
      await db
        .updateTable("books")
        .set({ stock: 1 })
        .where(
          "id",
          "in",
          parts.map((part) => part.book_id),
        )
        .execute();
      const refused = await refusal(settleReturnClaim(deps(), { claimId, settlement: "replacement" }));
      expect(refused.message).toContain("not enough copies");
      expect(
        await db.selectFrom("return_claims").select("status").where("id", "=", claimId).executeTakeFirstOrThrow(),
      ).toEqual({
        status: "approved",
      });
      expect(await bundleStock(db, "pkg-disciple")).toBe(1);
    });
  });
});

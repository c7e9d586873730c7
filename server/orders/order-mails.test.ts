import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { ORDER_MAIL_KINDS } from "#server/mail/mail-outbox.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { renderOrderMail } from "./order-mails.ts";

describe.each(TEST_ENGINES)("renderOrderMail on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await enableInvoicePayments(db, { terms: "Net 30 <days>" });
    await db
      .updateTable("store_settings")
      .set({ store_name: "Little & Scrolls", contact_email: "shop@scrolls.example" })
      .execute();
    const orderId = await insertTestOrder(db, {
      lines: [
        {
          bundleId: "pkg-disciple",
          title: 'Ruth & Naomi <script>alert("x")</script>',
          unitPriceCents: 1250,
          quantity: 2,
        },
        { bundleId: "pkg-shepherd", title: "Noah's Ark", unitPriceCents: 999, quantity: 1 },
      ],
      order: { customer_name: "<b>Grace</b>", organisation: "St. Mark's <School>", po_number: "PO-<7731>" },
    });
    return { db, orderId };
  }
  const deps = () => ({
    db: testDb.handle.db,
    clock: () => new Date("2026-11-20T10:01:00.000Z"),
    env: { PUBLIC_URL: "https://shop.example/" },
  });

  it("renders every kind, from the store, with text and HTML", async () => {
    const { orderId } = await setUp();
    for (const kind of ORDER_MAIL_KINDS) {
      const mail = await renderOrderMail(deps(), { kind, orderId });
      expect(mail?.from).toEqual({ name: "Little & Scrolls", address: "shop@scrolls.example" });
      const toStaff = kind === "new-order-notice" || kind === "refund-failed-notice";
      expect(mail?.to).toBe(toStaff ? "shop@scrolls.example" : "buyer@example.com");
      // A reply to a staff notice goes to the buyer.
      expect(mail?.replyTo).toBe(toStaff ? "buyer@example.com" : undefined);
      expect(mail?.subject).toContain(orderId);
      expect(mail?.text.length).toBeGreaterThan(20);
      expect(mail?.html).toMatch(/^<!doctype html>/);
    }
  });

  it("escapes every value in the HTML and keeps the plain text as typed", async () => {
    const { orderId } = await setUp();
    const mail = (await renderOrderMail(deps(), { kind: "invoice", orderId }))!;
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Grace");
    expect(mail.html).toContain("Ruth &amp; Naomi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("St. Mark&#39;s &lt;School&gt;");
    expect(mail.html).toContain("PO-&lt;7731&gt;");
    expect(mail.text).toContain('2 × Ruth & Naomi <script>alert("x")</script>: $25.00');
  });

  it("never opens with, or speaks in, what the buyer typed: a neutral greeting, typed fields only as labelled values", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await enableInvoicePayments(db, { terms: "Net 30" });
    const phishing = "URGENT: your account is locked, visit http://evil.example/login";
    const orderId = await insertTestOrder(db, {
      order: { customer_name: phishing, organisation: `${phishing} (org)`, po_number: `${phishing} (PO)` },
    });
    for (const kind of ORDER_MAIL_KINDS) {
      const { text, html } = (await renderOrderMail(deps(), { kind, orderId }))!;
      const lines = text.split("\n");
      expect(lines[0], kind).toBe("Hello,");
      // Every line that shows typed text is a labelled value ("Organisation: …") or part of a
      // labelled block ("Ship to:" then indented lines); no sentence of the mail carries it.
      for (const [index, line] of lines.entries()) {
        if (!line.includes("URGENT")) continue;
        const labelled = /^(Organisation|PO number): /.test(line);
        const inBlock = line.startsWith("  ") && lines.slice(0, index).some((l) => /^(Ship to|Customer):$/.test(l));
        expect(labelled || inBlock, `${kind}: ${line}`).toBe(true);
      }
      expect(html, kind).toMatch(/<p [^>]*>Hello,<\/p>/);
      expect(html, kind).not.toMatch(/href="[^"]*evil/);
    }
  });

  it("shows the lines, totals, terms, PO number, organisation and where to pay on the invoice", async () => {
    const { orderId } = await setUp();
    const { text } = (await renderOrderMail(deps(), { kind: "invoice", orderId }))!;
    expect(text).toContain("1 × Noah's Ark: $9.99");
    expect(text).toContain("Subtotal: $34.99");
    expect(text).toContain("Shipping (Standard Shipping): $5.99");
    expect(text).toContain("Total: $40.98");
    expect(text).toContain("Payment terms: Net 30 <days>");
    expect(text).toContain("PO number: PO-<7731>");
    expect(text).toContain("Organisation: St. Mark's <School>");
    expect(text).toContain("Pay to:\n  Little & Scrolls\n  shop@scrolls.example");
    expect(text).toContain(`Track your order: https://shop.example/track-order?orderId=${orderId}`);
  });

  it("shows a discount code's line in every mail with totals (decision 39)", async () => {
    const { db, orderId } = await setUp();
    await db
      .updateTable("orders")
      .set({ discount_code: "Spring-10", discount_cents: 350, total_cents: 4098 - 350 })
      .where("id", "=", orderId)
      .execute();
    for (const kind of ["invoice", "order-confirmation", "new-order-notice"] as const) {
      const { text, html } = (await renderOrderMail(deps(), { kind, orderId }))!;
      expect(text, kind).toContain(
        "Subtotal: $34.99\nDiscount (Spring-10): -$3.50\nShipping (Standard Shipping): $5.99",
      );
      expect(text, kind).toContain("Total: $37.48");
      expect(html, kind).toContain("Discount (Spring-10)");
    }
  });

  it("attaches the invoice as a PDF to the invoice mail, and nothing to the others", async () => {
    const { db, orderId } = await setUp();
    await db.updateTable("store_settings").set({ postal_address: "9 Vine Road\nFranklin, TN 37064" }).execute();
    const mail = (await renderOrderMail(deps(), { kind: "invoice", orderId }))!;
    expect(mail.text).toContain(`The invoice is attached to this e-mail as a PDF (invoice-${orderId}.pdf).`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments!;
    expect(attachment).toMatchObject({ filename: `invoice-${orderId}.pdf`, contentType: "application/pdf" });
    const text = await pdfText(attachment!.content);
    expect(text).toContain(`Invoice number ${orderId}`);
    expect(text).toContain("Invoice date November 20, 2026 Due date December 20, 2026 Payment terms Net 30 <days>");
    expect(text).toContain("Little & Scrolls 9 Vine Road Franklin, TN 37064 shop@scrolls.example");
    expect(text).toContain("PO number: PO-<7731>");
    expect(text).toContain('Ruth & Naomi <script>alert("x")</script> 2 $12.50 $25.00');
    expect(text).toContain("Balance due $40.98");
    for (const kind of ORDER_MAIL_KINDS.filter((kind) => kind !== "invoice")) {
      expect((await renderOrderMail(deps(), { kind, orderId }))!.attachments, kind).toBeUndefined();
    }
  });

  it("tells the store what a failed refund left: paid, refunded now, the payment's state and the order", async () => {
    const { db, orderId } = await setUp();
    await db
      .updateTable("orders")
      .set({
        payment_method: "card",
        amount_paid_cents: 4098,
        amount_refunded_cents: 1000,
        payment_status: "partially_refunded",
      })
      .where("id", "=", orderId)
      .execute();
    const mail = (await renderOrderMail(deps(), { kind: "refund-failed-notice", orderId }))!;
    expect(mail.subject).toBe(`Refund failed for order ${orderId}`);
    expect(mail.text).toContain("the money was not returned to the customer");
    expect(mail.text).toContain("Paid: $40.98");
    expect(mail.text).toContain("Refunded now: $10.00");
    expect(mail.text).toContain("Payment status: Partially refunded");
    expect(mail.text).toContain(`Open the order: https://shop.example/admin/orders?search=${orderId}`);
    expect(mail.html).toContain("&lt;b&gt;Grace&lt;/b&gt;");
  });

  it("names PayPal as the payment of a PayPal order, and where its refund goes", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const orderId = await insertTestOrder(db, {
      order: {
        payment_method: "paypal",
        payment_status: "partially_refunded",
        amount_paid_cents: 7597,
        amount_refunded_cents: 1000,
        organisation: null,
        po_number: null,
      },
    });
    const confirmation = (await renderOrderMail(deps(), { kind: "order-confirmation", orderId }))!;
    expect(confirmation.text).toMatch(/Payment:?\s+PayPal/);
    const refunded = (await renderOrderMail(deps(), { kind: "refunded", orderId }))!;
    expect(refunded.text).toContain("It may take a few days to reach your PayPal account.");
    const failed = (await renderOrderMail(deps(), { kind: "refund-failed-notice", orderId }))!;
    expect(failed.text).toContain("PayPal could not complete a refund for this order");
  });

  it("returns null for an order that no longer exists", async () => {
    await setUp();
    expect(await renderOrderMail(deps(), { kind: "shipped", orderId: "ORD-GONE" })).toBeNull();
  });
});

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/logging/logger.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { readOutbox } from "#tests/support/outbox.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { openDatabaseRateLimitStore } from "#server/security/rate-limit-store.ts";
import { createRateLimits } from "#server/security/rate-limits.ts";
import { DatabasePrivateFileStore } from "#server/files/private-file-store.ts";
import { deliverQueuedMails } from "./deliver-queued-mails.ts";
import { queueOrderMail } from "./mail-outbox.ts";
import { createMailer, type Mailer, type OutgoingMail } from "./mailer.ts";

const T0 = new Date("2026-11-21T09:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(TEST_ENGINES)("deliverQueuedMails on %s", (engine) => {
  let testDb: TestDatabase;
  let smtp: SMTPServer | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    smtp = undefined;
    await testDb?.cleanup();
  });

  async function withOrderMail() {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    await insertDefaultSettings(db, { now: T0 });
    const orderId = await insertTestOrder(db);
    await queueOrderMail(db, { orderId, kind: "order-confirmation", now: T0 });
    return { db, orderId };
  }
  const deps = (mailer: Mailer, now: Date, logger = createLogger("silent")) => ({
    db: testDb.handle.db,
    clock: () => now,
    mailer,
    logger,
    env: { PUBLIC_URL: "https://shop.example" },
    rateLimits: createRateLimits(openDatabaseRateLimitStore(testDb.handle)),
    privateFiles: new DatabasePrivateFileStore(testDb.handle.db),
  });
  const outboxRow = () => testDb.handle.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();

  it("sends a queued mail once and marks it sent", async () => {
    const { orderId } = await withOrderMail();
    const mailer = createMailer({ dataDir: testDb.dataDir, logger: createLogger("silent") });
    expect(await deliverQueuedMails(deps(mailer, at(0)))).toEqual({ sent: 1, failed: 0 });
    expect(await deliverQueuedMails(deps(mailer, at(5)))).toEqual({ sent: 0, failed: 0 });

    const mails = readOutbox(testDb.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.to).toBe("buyer@example.com");
    expect(mails[0]!.headers.subject).toContain(orderId);
    // Multipart: the text and the HTML alternative, each decoded by the outbox reader.
    expect(mails[0]!.text).toContain(`https://shop.example/track-order?orderId=${orderId}`);
    expect(mails[0]!.html).toContain(`href="https://shop.example/track-order?orderId=${orderId}"`);
    expect(await outboxRow()).toMatchObject({ sent_at: at(0).toISOString(), attempts: 1, last_error: null });
  });

  it("sends the invoice mail with its PDF attached", async () => {
    const { db, orderId } = await withOrderMail();
    await queueOrderMail(db, { orderId, kind: "invoice", now: T0 });
    const mailer = createMailer({ dataDir: testDb.dataDir, logger: createLogger("silent") });
    expect(await deliverQueuedMails(deps(mailer, at(0)))).toEqual({ sent: 2, failed: 0 });
    const invoice = readOutbox(testDb.dataDir).find((mail) => mail.headers.subject?.startsWith("Invoice"))!;
    expect(invoice.headers["content-type"]).toMatch(/^multipart\/mixed/);
    expect(invoice.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=invoice-${orderId}\\.pdf`));
    expect(invoice.raw).toContain(`Content-Disposition: attachment; filename=invoice-${orderId}.pdf`);
  });

  it("sends once when two runs race for the same rows", async () => {
    await withOrderMail();
    const sent: OutgoingMail[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow: Mailer = {
      async send(mail) {
        sent.push(mail);
        // A slow SMTP answer, held until the other run is over: the two runs race inside it. (A
        // second send answers at once, so sending twice fails below rather than hanging.)
        if (sent.length > 1) answer();
        await answered;
      },
    };
    const runs = [deliverQueuedMails(deps(slow, at(0))), deliverQueuedMails(deps(slow, at(0)))];
    await Promise.race(runs);
    answer();
    const results = await Promise.all(runs);
    expect(results.map((result) => result.sent).sort()).toEqual([0, 1]);
    expect(sent).toHaveLength(1);
  });

  it("keeps the mail and the order when the SMTP server refuses, and retries after growing waits", async () => {
    const { db, orderId } = await withOrderMail();
    let accept = false;
    const received: string[] = [];
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!accept) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 451 }));
        received.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: testDb.dataDir,
      logger: createLogger("silent"),
    });
    const orderBefore = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();

    expect(await deliverQueuedMails(deps(mailer, at(0)))).toEqual({ sent: 0, failed: 1 });
    let row = await outboxRow();
    expect(row).toMatchObject({ sent_at: null, attempts: 1, next_attempt_at: at(1).toISOString(), failed_at: null });
    expect(row.last_error).toMatch(/451|Mailbox unavailable/);
    expect(await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow()).toEqual(
      orderBefore,
    );

    // Not due yet: nothing is tried.
    expect(await deliverQueuedMails(deps(mailer, at(0.5)))).toEqual({ sent: 0, failed: 0 });
    expect(await deliverQueuedMails(deps(mailer, at(1)))).toEqual({ sent: 0, failed: 1 });
    expect((await outboxRow()).next_attempt_at).toBe(at(6).toISOString());

    accept = true;
    expect(await deliverQueuedMails(deps(mailer, at(6)))).toEqual({ sent: 1, failed: 0 });
    row = await outboxRow();
    expect(row).toMatchObject({ sent_at: at(6).toISOString(), attempts: 3, last_error: null });
    expect(received).toEqual(["buyer@example.com"]);
  });

  it("gives up after a day of failures with an error line", async () => {
    await withOrderMail();
    const failing: Mailer = {
      async send() {
        throw new Error("connect ECONNREFUSED");
      },
    };
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger("info", {
      write(chunk: string) {
        lines.push(JSON.parse(chunk));
      },
    });
    await deliverQueuedMails(deps(failing, at(0), logger));
    expect(lines.at(-1)).toMatchObject({ level: 40 });
    await deliverQueuedMails(deps(failing, at(24 * 60 + 1), logger));
    const row = await outboxRow();
    expect(row.failed_at).toBe(at(24 * 60 + 1).toISOString());
    expect(lines.at(-1)).toMatchObject({ level: 50, msg: "queued mail given up after a day of failures" });
    expect(await deliverQueuedMails(deps(failing, at(48 * 60), logger))).toEqual({ sent: 0, failed: 0 });
  });
  it("sends one address at most its daily cap of invoice-order mails; past it the order stands and only staff see why", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    await insertDefaultSettings(db, { now: T0 });
    const mailer = createMailer({ dataDir: testDb.dataDir, logger: createLogger("silent") });
    const run = deps(mailer, at(0));
    const cap = run.rateLimits.invoiceMailsPerRecipient.limit;
    // Each invoice order mails its buyer twice at once (confirmation, invoice); a stranger can
    // type anyone's address, in any letter case.
    const orders: string[] = [];
    for (let i = 0; i < cap / 2 + 1; i++) {
      const orderId = await insertTestOrder(db, {
        order: { customer_email: i % 2 ? "Victim@Example.com" : "victim@example.com" },
        takeStock: false,
      });
      orders.push(orderId);
      await queueOrderMail(db, { orderId, kind: "order-confirmation", now: T0 });
      await queueOrderMail(db, { orderId, kind: "invoice", now: T0 });
    }
    // A card order's confirmation to the same address is not counted.
    const cardOrder = await insertTestOrder(db, {
      order: { customer_email: "victim@example.com", payment_method: "card", payment_status: "paid" },
      takeStock: false,
    });
    await queueOrderMail(db, { orderId: cardOrder, kind: "order-confirmation", now: T0 });
    while ((await deliverQueuedMails(run)).sent > 0);
    const victimMails = readOutbox(testDb.dataDir).filter((m) => m.headers.to?.toLowerCase() === "victim@example.com");
    expect(victimMails).toHaveLength(cap + 1);

    const unsent = await db
      .selectFrom("mail_outbox")
      .select(["order_id", "kind", "last_error", "failed_at"])
      .where("sent_at", "is", null)
      .execute();
    expect(unsent).toHaveLength(2);
    expect(unsent.every((row) => row.failed_at && row.last_error?.includes("daily cap"))).toBe(true);
    // Their orders are untouched; each history tells staff, and Track Order (customer steps) does not.
    for (const row of unsent) {
      const order = await db
        .selectFrom("orders")
        .select("payment_status")
        .where("id", "=", row.order_id!)
        .executeTakeFirstOrThrow();
      expect(order.payment_status).toBe("awaiting_payment");
      const step = await db
        .selectFrom("order_status_history")
        .select(["status", "customer_visible", "note"])
        .where("order_id", "=", row.order_id!)
        .where("status", "=", row.kind === "invoice" ? "Invoice e-mail not sent" : "Confirmation e-mail not sent")
        .executeTakeFirstOrThrow();
      expect(Boolean(step.customer_visible)).toBe(false);
      expect(step.note).toContain(`already sent ${cap} invoice-order e-mails`);
    }
  });
});

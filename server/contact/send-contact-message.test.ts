import { readdir, readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { capturedLogger } from "#tests/support/captured-logger.ts";
import { bareStoreSettingsRow } from "#tests/support/schema-rows.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import { contactMessageSchema } from "#common/contact/contact-message-schema.ts";
import { sendContactMessage } from "./send-contact-message.ts";

/** A message as the Contact Us action passes it on: parsed with the form's schema (trimmed). */
const VALID = contactMessageSchema.parse({
  fullName: "  Hannah Reader ",
  email: " hannah@example.com ",
  subject: "Bulk order for our Sunday school",
  message: "Could we order twelve copies of the Ruth and Naomi book?",
});

/** The store's name and address come from its settings row, never from code. */
async function insertStoreSettings(testDb: TestDatabase) {
  await testDb.handle.db
    .insertInto("store_settings")
    .values(
      bareStoreSettingsRow({
        store_name: "Quiet Hills Books",
        contact_email: "owner@quiet-hills.example",
        updated_at: new Date().toISOString(),
      }),
    )
    .execute();
}

describe.each(TEST_ENGINES)("sendContactMessage on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const rows = () => testDb.handle.db.selectFrom("contact_messages").selectAll().execute();

  it("stores the trimmed message and writes it to the outbox for the store's address", async () => {
    setTestDb(await createTestDatabase(engine));
    await insertStoreSettings(testDb);
    const { logger } = capturedLogger();
    const mailer = createMailer({ dataDir: testDb.dataDir, logger });
    const now = new Date("2025-07-03T10:00:00.000Z");

    const result = await sendContactMessage({ db: testDb.handle.db, mailer, logger, clock: () => now }, VALID);

    expect(result.mailed).toBe(true);
    const stored = await rows();
    expect(stored).toEqual([
      {
        id: result.id,
        full_name: "Hannah Reader",
        email: "hannah@example.com",
        subject: VALID.subject,
        message: VALID.message,
        created_at: "2025-07-03T10:00:00.000Z",
        mail_sent_at: expect.any(String),
        enquiry: null,
        organisation: null,
      },
    ]);
    const outbox = path.join(testDb.dataDir, "mail");
    const files = (await readdir(outbox)).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const mail = await readFile(path.join(outbox, files[0]!), "utf8");
    expect(mail).toContain(VALID.message);
    expect(mail).toContain("Name: Hannah Reader");
    expect(mail).toContain("Subject: Contact form: Bulk order for our Sunday school");
    expect(mail).toMatch(/^From: "?Quiet Hills Books"? <owner@quiet-hills\.example>$/m);
    expect(mail).toMatch(/^To: owner@quiet-hills\.example$/m);
    expect(mail).toMatch(/^Reply-To: hannah@example\.com$/m);
  });

  it("keeps a church's order enquiry marked as one, with its organisation, and says so in the mail", async () => {
    setTestDb(await createTestDatabase(engine));
    await insertStoreSettings(testDb);
    const { logger } = capturedLogger();
    const mailer = createMailer({ dataDir: testDb.dataDir, logger });
    const enquiry = contactMessageSchema.parse({
      ...VALID,
      subject: "Church order enquiry",
      enquiry: "church",
      organisation: "  Grace Chapel ",
    });

    await sendContactMessage({ db: testDb.handle.db, mailer, logger, clock: () => new Date() }, enquiry);

    expect(await rows()).toEqual([expect.objectContaining({ enquiry: "church", organisation: "Grace Chapel" })]);
    const files = (await readdir(path.join(testDb.dataDir, "mail"))).filter((f) => f.endsWith(".eml"));
    const mail = await readFile(path.join(testDb.dataDir, "mail", files[0]!), "utf8");
    expect(mail).toContain("Subject: Church enquiry: Church order enquiry");
    expect(mail).toContain("Organisation: Grace Chapel");
  });

  it("keeps the message and still succeeds when the mail cannot be sent", async () => {
    setTestDb(await createTestDatabase(engine));
    const { logger, lines } = capturedLogger();
    const mailer: Mailer = {
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      },
    };

    const result = await sendContactMessage({ db: testDb.handle.db, mailer, logger, clock: () => new Date() }, VALID);

    expect(result.mailed).toBe(false);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: result.id, message: VALID.message, mail_sent_at: null });
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ contactMessageId: result.id });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(VALID.message);
    expect(logged).not.toContain("hannah@example.com");
  });
});

describe("sendContactMessage over SMTP", () => {
  let testDb: TestDatabase | undefined;
  let smtp: SMTPServer | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await testDb?.cleanup();
  });

  it("delivers the message to a local SMTP server", async () => {
    testDb = await createTestDatabase("sqlite");
    await insertStoreSettings(testDb);
    const received: { from: string; to: string[]; raw: string }[] = [];
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      // Without STARTTLS on offer nodemailer talks plain SMTP, as a local relay would.
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    const { logger } = capturedLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: testDb.dataDir, logger });

    const result = await sendContactMessage({ db: testDb.handle.db, mailer, logger, clock: () => new Date() }, VALID);

    expect(result.mailed).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("owner@quiet-hills.example");
    expect(received[0]!.to).toEqual(["owner@quiet-hills.example"]);
    expect(received[0]!.raw).toContain("Subject: Contact form: Bulk order for our Sunday school");
    expect(received[0]!.raw).toMatch(/^Reply-To: hannah@example\.com\r?$/m);
    expect(received[0]!.raw).toContain(VALID.message);
    const [row] = await testDb.handle.db.selectFrom("contact_messages").select("mail_sent_at").execute();
    expect(row!.mail_sent_at).not.toBeNull();
  });
});

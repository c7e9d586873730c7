import { DatabasePrivateFileStore } from "#server/files/private-file-store.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "#server/errors/app-error.ts";
import { createLogger } from "#server/logging/logger.ts";
import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import type { OutgoingMail } from "#server/mail/mailer.ts";
import { openDatabaseRateLimitStore } from "#server/security/rate-limit-store.ts";
import { createRateLimits } from "#server/security/rate-limits.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { userRow } from "#tests/support/test-users.ts";
import { DatabaseCertificateFileStore } from "./certificate-file-store.ts";
import { findTaxExemption } from "./find-tax-exemption.ts";
import { getTaxCertificateFile } from "./get-tax-certificate-file.ts";
import { listMyTaxCertificates } from "./list-my-tax-certificates.ts";
import { listTaxCertificates } from "./list-tax-certificates.ts";
import { saveOrganisation } from "./organisation.ts";
import { remindExpiringTaxCertificates } from "./remind-expiring-tax-certificates.ts";
import { reviewTaxCertificate } from "./review-tax-certificate.ts";
import { NO_ORGANISATION_MESSAGE, submitTaxCertificate } from "./submit-tax-certificate.ts";
import { withdrawTaxCertificate } from "./withdraw-tax-certificate.ts";

const T0 = new Date("2026-03-10T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 ");

describe.each(TEST_ENGINES)("tax exemption certificates on %s", (engine) => {
  let testDb: TestDatabase;
  let now: Date;
  beforeEach(async () => {
    now = T0;
    testDb = await createTestDatabase(engine);
    const { db } = testDb.handle;
    await insertDefaultSettings(db, { now: T0 });
    for (const [id, email, role] of [
      ["u-grace", "grace@example.com", null],
      ["u-other", "other@example.com", null],
      ["u-staff", "staff@example.com", "admin"],
    ] as const) {
      await db
        .insertInto("user")
        .values(userRow({ id, email, createdAt: T0.toISOString(), role }))
        .execute();
    }
    await saveOrganisation(deps(), {
      userId: "u-grace",
      organisation: {
        name: "Grace Community Church",
        kind: "church",
        street: "12 Elm Street",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
      },
    });
  });
  afterEach(async () => {
    await testDb?.cleanup();
  });

  function deps() {
    const { db } = testDb.handle;
    return { db, clock: () => now, taxCertificateFiles: new DatabaseCertificateFileStore(db) };
  }
  const submit = (
    certificate: Partial<{
      state: string;
      documentKind: "state_certificate" | "streamlined";
      certificateNumber: string;
      expiresOn: string;
    }> = {},
    file: Uint8Array = PDF,
    userId = "u-grace",
  ) =>
    submitTaxCertificate(deps(), {
      userId,
      email: `${userId}@example.com`,
      certificate: {
        state: "TX",
        documentKind: "state_certificate",
        certificateNumber: "TX-01-339",
        expiresOn: "2027-06-30",
        ...certificate,
      } as Parameters<typeof submitTaxCertificate>[1]["certificate"],
      file,
    });
  const approve = (certificateId: string) =>
    reviewTaxCertificate(deps(), { reviewerId: "u-staff", certificateId, decision: "approve" });
  const stored = async () => {
    const { db } = testDb.handle;
    const certificates = await db.selectFrom("tax_exemption_certificates").selectAll().execute();
    const files = await db.selectFrom("tax_certificate_files").select("certificate_id").execute();
    return { certificates, files: files.length };
  };
  async function refusal(attempt: Promise<unknown>): Promise<AppError> {
    const error = await attempt.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it("stores a pending certificate with its file and the organisation's name as it was sent", async () => {
    const { id } = await submit();
    const { certificates, files } = await stored();
    expect(files).toBe(1);
    expect(certificates).toEqual([
      expect.objectContaining({
        id,
        user_id: "u-grace",
        customer_email: "u-grace@example.com",
        organisation_name: "Grace Community Church",
        organisation_kind: "church",
        state: "TX",
        certificate_number: "TX-01-339",
        expires_on: "2027-06-30",
        status: "pending",
        file_content_type: "application/pdf",
        file_byte_length: PDF.byteLength,
      }),
    ]);
    // A later name does not change what the certificate was made out to.
    await saveOrganisation(deps(), {
      userId: "u-grace",
      organisation: {
        name: "Grace Church",
        kind: "church",
        street: "1 Main",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
      },
    });
    expect((await stored()).certificates[0]!.organisation_name).toBe("Grace Community Church");
    // Images are told by their bytes too.
    for (const [state, file, type] of [
      ["OK", PNG, "image/png"],
      ["OH", JPEG, "image/jpeg"],
      ["IN", WEBP, "image/webp"],
    ] as const) {
      const sent = await submit({ state }, file);
      const row = (await stored()).certificates.find((c) => c.id === sent.id)!;
      expect(row.file_content_type).toBe(type);
    }
  });

  it("refuses bad input with a message and stores nothing", async () => {
    const text = new TextEncoder().encode("This is not a certificate, whatever its name says.");
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    // Each tried in turn (a promise made early would reject before anyone listens).
    const cases: [() => Promise<unknown>, string, string | null][] = [
      [() => submit({}, text), "The file must be a PDF, JPEG, PNG or WebP image.", "certificateFile"],
      [() => submit({}, html), "The file must be a PDF, JPEG, PNG or WebP image.", "certificateFile"],
      [
        () => submit({}, new Uint8Array(0)),
        "Please choose the certificate file (PDF, JPEG, PNG or WebP).",
        "certificateFile",
      ],
      [
        () => submit({}, new Uint8Array(5 * 1024 * 1024 + 1).fill(0x25)),
        "The file is too large. Please choose a file of at most 5 MB.",
        "certificateFile",
      ],
      [
        () => submit({ expiresOn: "2026-03-09" }),
        "The expiry date March 9, 2026 is in the past. Please send a certificate that is still valid.",
        "expiresOn",
      ],
      [() => submit({}, PDF, "u-other"), NO_ORGANISATION_MESSAGE, null],
    ];
    for (const [attempt, message, field] of cases) {
      const error = await refusal(attempt());
      expect(error.code).toBe("VALIDATION");
      expect(error.message).toBe(message);
      if (field) expect(error.fieldErrors?.[field]).toBe(message);
    }
    expect(await stored()).toEqual({ certificates: [], files: 0 });
    // Valid through its expiry day.
    await submit({ expiresOn: "2026-03-10" });
  });

  it("refuses a second pending certificate for the same state, also when two arrive at once", async () => {
    await submit();
    const error = await refusal(submit({ certificateNumber: "TX-02" }));
    expect(error.code).toBe("CONFLICT");
    expect(error.fieldErrors?.state).toBe(
      "A certificate for Texas is already waiting for review. Withdraw it first to send another.",
    );
    expect((await stored()).certificates).toHaveLength(1);

    const both = await Promise.allSettled([submit({ state: "CA" }), submit({ state: "CA", certificateNumber: "2" })]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = both.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe("CONFLICT");
    expect((await stored()).files).toBe(2);

    // Once reviewed, a new one may be sent (a renewal, a corrected one).
    const [texas] = (await stored()).certificates.filter((c) => c.state === "TX");
    await approve(texas!.id);
    await submit({ certificateNumber: "TX-03", expiresOn: "2028-06-30" });
  });

  it("lets only its own account withdraw a certificate, and only while it waits for review", async () => {
    const { id } = await submit();
    const notFound = await refusal(withdrawTaxCertificate(deps(), { userId: "u-other", certificateId: id }));
    expect(notFound.code).toBe("NOT_FOUND");
    expect(await withdrawTaxCertificate(deps(), { userId: "u-grace", certificateId: id })).toEqual({ state: "TX" });
    expect(await stored()).toEqual({ certificates: [], files: 0 });

    const reviewed = await submit();
    await approve(reviewed.id);
    expect(
      (await refusal(withdrawTaxCertificate(deps(), { userId: "u-grace", certificateId: reviewed.id }))).code,
    ).toBe("NOT_FOUND");
  });

  it("gives a certificate's file to its account and to admins only", async () => {
    const { id } = await submit();
    const file = await getTaxCertificateFile(deps(), {
      certificateId: id,
      viewer: { userId: "u-grace", isAdmin: false },
    });
    expect(file).toMatchObject({
      contentType: "application/pdf",
      fileName: `tax-certificate-TX-${id.slice(0, 8)}.pdf`,
    });
    expect(Buffer.from(file!.bytes).equals(Buffer.from(PDF))).toBe(true);
    expect(
      await getTaxCertificateFile(deps(), { certificateId: id, viewer: { userId: "u-staff", isAdmin: true } }),
    ).not.toBeNull();
    expect(
      await getTaxCertificateFile(deps(), { certificateId: id, viewer: { userId: "u-other", isAdmin: false } }),
    ).toBeNull();
    expect(await getTaxCertificateFile(deps(), { certificateId: id, viewer: null })).toBeNull();
    expect(
      await getTaxCertificateFile(deps(), { certificateId: "not-an-id", viewer: { userId: "u-staff", isAdmin: true } }),
    ).toBeNull();
    // The account deleted: the certificate stays on file for staff, nobody else's.
    await testDb.handle.db.deleteFrom("user").where("id", "=", "u-grace").execute();
    expect(
      await getTaxCertificateFile(deps(), { certificateId: id, viewer: { userId: "u-grace", isAdmin: false } }),
    ).toBeNull();
    expect(
      await getTaxCertificateFile(deps(), { certificateId: id, viewer: { userId: "u-staff", isAdmin: true } }),
    ).not.toBeNull();
    expect((await stored()).certificates[0]).toMatchObject({ user_id: null, customer_email: "u-grace@example.com" });
  });

  it("approves or rejects a pending certificate once, and e-mails the customer each decision", async () => {
    const texas = await submit();
    const ohio = await submit({ state: "OH", certificateNumber: "OH-7", documentKind: "streamlined" });
    expect(await approve(texas.id)).toMatchObject({ status: "approved", state: "TX" });
    expect((await refusal(approve(texas.id))).code).toBe("CONFLICT");
    const rejected = await reviewTaxCertificate(deps(), {
      reviewerId: "u-staff",
      certificateId: ohio.id,
      decision: "reject",
      reason: "The certificate is not signed.",
    });
    expect(rejected.status).toBe("rejected");
    expect((await refusal(approve(ohio.id))).code).toBe("CONFLICT");
    expect((await refusal(approve("00000000-0000-0000-0000-000000000000"))).code).toBe("NOT_FOUND");

    const mine = await listMyTaxCertificates(deps(), { userId: "u-grace" });
    expect(mine.map((c) => [c.state, c.standing, c.rejectionReason])).toEqual([
      ["OH", "rejected", "The certificate is not signed."],
      ["TX", "approved", null],
    ]);

    const sent: OutgoingMail[] = [];
    const { db } = testDb.handle;
    await deliverQueuedMails({
      db,
      clock: () => now,
      mailer: { send: async (mail) => void sent.push(mail) },
      logger: createLogger("silent"),
      env: { PUBLIC_URL: "https://shop.example" },
      privateFiles: new DatabasePrivateFileStore(db),
      rateLimits: createRateLimits(openDatabaseRateLimitStore(testDb.handle)),
    });
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["grace@example.com", "Your tax exemption for Texas is approved"],
      ["grace@example.com", "Your tax exemption certificate for Ohio was not accepted"],
    ]);
    expect(sent[0]!.text).toContain("Certificate number: TX-01-339");
    expect(sent[0]!.text).toContain("Expires: June 30, 2027");
    expect(sent[0]!.text).toContain("Organisation & tax exemption: https://shop.example/tax-exemption");
    expect(sent[1]!.text).toContain("Reason: The certificate is not signed.");
    expect(sent[1]!.html).toContain("Streamlined Sales Tax certificate (SST)");
  });

  it("does not approve a certificate whose date has passed while it waited", async () => {
    const { id } = await submit({ expiresOn: "2026-03-20" });
    now = new Date(T0.getTime() + 11 * DAY);
    const error = await refusal(approve(id));
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toContain("expired on March 20, 2026");
    expect((await stored()).certificates[0]!.status).toBe("pending");
  });

  it("reminds an approved certificate's customer once, 30 days before it expires, unless renewed", async () => {
    const texas = await submit({ expiresOn: "2026-04-30" });
    const ohio = await submit({ state: "OH", expiresOn: "2026-04-05" });
    const utah = await submit({ state: "UT", expiresOn: "2026-04-01" });
    for (const { id } of [texas, ohio, utah]) await approve(id);
    // Utah's renewal is already waiting: no reminder for the old one.
    await submit({ state: "UT", expiresOn: "2028-04-01", certificateNumber: "UT-NEW" });
    const kinds = () =>
      testDb.handle.db
        .selectFrom("mail_outbox")
        .select(["kind", "tax_certificate_id"])
        .where("kind", "=", "tax-certificate-expiring")
        .execute();

    expect(await remindExpiringTaxCertificates(deps())).toBe(1);
    expect(await kinds()).toEqual([{ kind: "tax-certificate-expiring", tax_certificate_id: ohio.id }]);
    expect(await remindExpiringTaxCertificates(deps())).toBe(0);
    // Texas (April 30) comes within 30 days on March 31 (UTC).
    now = new Date("2026-03-30T23:59:00.000Z");
    expect(await remindExpiringTaxCertificates(deps())).toBe(0);
    now = new Date("2026-03-31T00:00:00.000Z");
    expect(await remindExpiringTaxCertificates(deps())).toBe(1);
    expect(await remindExpiringTaxCertificates(deps())).toBe(0);
    expect((await kinds()).map((row) => row.tax_certificate_id).sort()).toEqual([ohio.id, texas.id].sort());
  });

  it("finds the exemption the tax step asks for: approved and unexpired wins over pending", async () => {
    const find = (state: string, at: Date = now, userId = "u-grace") => findTaxExemption(deps(), { userId, state, at });
    expect(await find("TX")).toBeNull();

    const old = await submit({ expiresOn: "2026-06-30", certificateNumber: "OLD" });
    expect(await find("TX")).toEqual({
      status: "pending",
      certificateId: old.id,
      certificateNumber: "OLD",
      organisationName: "Grace Community Church",
      expiresOn: "2026-06-30",
    });
    await approve(old.id);
    const renewal = await submit({ expiresOn: "2029-06-30", certificateNumber: "NEW" });
    // Approved beats the pending renewal while it is valid…
    expect(await find("TX")).toMatchObject({ status: "approved", certificateId: old.id });
    expect(await find("tx")).toMatchObject({ status: "approved", certificateId: old.id });
    expect(await find("TX", new Date("2026-06-30T23:59:59.000Z"))).toMatchObject({ status: "approved" });
    // …and once it has expired, the pending renewal is what there is.
    expect(await find("TX", new Date("2026-07-01T00:00:00.000Z"))).toMatchObject({
      status: "pending",
      certificateId: renewal.id,
    });
    await approve(renewal.id);
    expect(await find("TX", new Date("2026-07-01T00:00:00.000Z"))).toMatchObject({
      status: "approved",
      certificateNumber: "NEW",
    });
    expect(await find("TX", new Date("2029-07-01T00:00:00.000Z"))).toBeNull();
    // Another state, another account, a rejected certificate: no exemption.
    expect(await find("CA")).toBeNull();
    expect(await find("TX", now, "u-other")).toBeNull();
    const ohio = await submit({ state: "OH" });
    await reviewTaxCertificate(deps(), {
      reviewerId: "u-staff",
      certificateId: ohio.id,
      decision: "reject",
      reason: "x",
    });
    expect(await find("OH")).toBeNull();
  });

  it("lists the queue, the decided and the expiring certificates for staff", async () => {
    const texas = await submit({ expiresOn: "2026-04-01" });
    now = new Date(T0.getTime() + 60_000);
    const ohio = await submit({ state: "OH" });
    now = new Date(T0.getTime() + 120_000);
    const utah = await submit({ state: "UT" });
    await approve(texas.id);
    await reviewTaxCertificate(deps(), {
      reviewerId: "u-staff",
      certificateId: utah.id,
      decision: "reject",
      reason: "Unsigned",
    });

    const list = (filter?: string) => listTaxCertificates(deps(), { filter });
    const pending = await list();
    expect(pending.filter).toBe("pending");
    expect(pending.counts).toEqual({ pending: 1, approved: 1, rejected: 1, expiring: 1 });
    expect(pending.certificates.items.map((c) => c.id)).toEqual([ohio.id]);
    expect(pending.certificates.items[0]).toMatchObject({
      customerEmail: "u-grace@example.com",
      accountExists: true,
      organisationAddress: "12 Elm Street\nAustin, TX 78701",
      fileContentType: "application/pdf",
    });
    expect((await list("approved")).certificates.items[0]).toMatchObject({
      id: texas.id,
      reviewerEmail: "staff@example.com",
      standing: "approved",
    });
    expect((await list("rejected")).certificates.items[0]).toMatchObject({ id: utah.id, rejectionReason: "Unsigned" });
    expect((await list("expiring")).certificates.items.map((c) => c.id)).toEqual([texas.id]);
    expect((await list("nonsense")).filter).toBe("pending");
    now = new Date("2026-04-02T00:00:00.000Z");
    expect((await list("approved")).certificates.items[0]!.standing).toBe("expired");
    expect((await list("expiring")).counts.expiring).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "#server/config/env.ts";
import { createCertificateFileStore } from "#server/boot.ts";
import { startS3StandIn, standInBucketOptions, type S3StandIn } from "#tests/support/s3-stand-in.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.ts";
import { userRow } from "#tests/support/test-users.ts";
import { BucketCertificateFileStore } from "./bucket-certificate-file-store.ts";
import { getTaxCertificateFile } from "./get-tax-certificate-file.ts";
import { saveOrganisation } from "./organisation.ts";
import { submitTaxCertificate } from "./submit-tax-certificate.ts";
import { withdrawTaxCertificate } from "./withdraw-tax-certificate.ts";

const T0 = new Date("2026-03-10T12:00:00.000Z");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe("certificate files in the covers' bucket (an S3 stand-in)", () => {
  let standIn: S3StandIn;
  let testDb: TestDatabase;
  let store: BucketCertificateFileStore;
  beforeEach(async () => {
    standIn = await startS3StandIn();
    testDb = await createTestDatabase("sqlite");
    store = new BucketCertificateFileStore(standInBucketOptions(standIn));
    await testDb.handle.db
      .insertInto("user")
      .values(userRow({ id: "u-1", email: "school@example.com", createdAt: T0.toISOString() }))
      .execute();
  });
  afterEach(async () => {
    store.close();
    await testDb.cleanup();
    await standIn.close();
  });

  it("keeps the bytes in the bucket under a private prefix, the row without them, and removes them on withdrawal", async () => {
    const deps = { db: testDb.handle.db, clock: () => T0, taxCertificateFiles: store };
    await saveOrganisation(deps, {
      userId: "u-1",
      organisation: {
        name: "St. Mark's School",
        kind: "school",
        street: "1 Main",
        city: "Dayton",
        state: "OH",
        postalCode: "45402",
      },
    });
    const { id } = await submitTaxCertificate(deps, {
      userId: "u-1",
      email: "school@example.com",
      certificate: {
        state: "OH",
        documentKind: "state_certificate",
        certificateNumber: "OH-1",
        expiresOn: "2027-01-31",
      },
      file: PNG,
    });
    const object = standIn.objects.get(`private/tax-certificates/${id}`);
    expect(object).toMatchObject({ contentType: "image/png", cacheControl: "private, no-store" });
    expect(Buffer.from(object!.body).equals(Buffer.from(PNG))).toBe(true);
    expect(
      await testDb.handle.db.selectFrom("tax_certificate_files").select(["certificate_id", "data"]).execute(),
    ).toEqual([{ certificate_id: id, data: null }]);
    const file = await getTaxCertificateFile(deps, { certificateId: id, viewer: { userId: "u-1", isAdmin: false } });
    expect(file?.contentType).toBe("image/png");
    expect(Buffer.from(file!.bytes).equals(Buffer.from(PNG))).toBe(true);

    await withdrawTaxCertificate(deps, { userId: "u-1", certificateId: id });
    expect(standIn.objects.has(`private/tax-certificates/${id}`)).toBe(false);
    expect(await store.get(id)).toBeNull();
  });

  it("is chosen at start when covers go to a bucket, and the database otherwise", async () => {
    const env = (extra: Record<string, string> = {}) =>
      loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: "test", APP_SECRET: "t".repeat(40), ...extra });
    expect((await createCertificateFileStore(env(), testDb.handle)).kind).toBe("database");
    const bucket = await createCertificateFileStore(
      env({
        COVERS_S3_BUCKET: standIn.bucket,
        COVERS_S3_ENDPOINT: standIn.url,
        COVERS_S3_FORCE_PATH_STYLE: "true",
        COVERS_S3_ACCESS_KEY_ID: standIn.accessKeyId,
        COVERS_S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      }),
      testDb.handle,
    );
    expect(bucket.kind).toBe("bucket");
    (bucket as BucketCertificateFileStore).close();
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { AppError } from "#server/errors/app-error.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertExemptCustomer, setTaxRates } from "#tests/support/tax-settings.ts";
import { calculateTax, collectsSalesTax } from "./calculate-tax.ts";
import { loadTaxSettings, saveTaxSettings } from "./tax-settings.ts";

describe.each(TEST_ENGINES)("the tax step on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;
  const order = (values: Partial<Parameters<typeof calculateTax>[1]> = {}) =>
    calculateTax(
      { db: db() },
      {
        lines: [{ lineTotalCents: 1499 }, { lineTotalCents: 3499 }],
        shippingCents: 500,
        country: "US",
        region: "IL",
        userId: null,
        at: new Date(),
        ...values,
      },
    );

  it("charges nothing while the store collects no tax", async () => {
    setTestDb(await createTestDatabase(engine));
    expect(await collectsSalesTax({ db: db() })).toBe(false);
    expect(await order()).toEqual({ taxCents: 0, lines: [], calculationId: null, exemption: null });
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }], { mode: "none" });
    expect(await order()).toEqual({ taxCents: 0, lines: [], calculationId: null, exemption: null });
  });

  it("charges the ship-to state's rate, on shipping only where it is taxed", async () => {
    setTestDb(await createTestDatabase(engine));
    await setTaxRates(db(), [
      { place: "US-IL", rate: "6.25" },
      { place: "US-TN", rate: "7", shippingTaxed: true },
      { place: "US-TX", rate: "6.25", collecting: false },
      { place: "CA", rate: "5" },
    ]);
    expect(await collectsSalesTax({ db: db() })).toBe(true);
    // 4998 × 6.25 % = 312.375
    expect(await order()).toEqual({
      taxCents: 312,
      lines: [{ jurisdiction: "US-IL", label: "Illinois", rateThousandths: 6250, taxableCents: 4998, taxCents: 312 }],
      calculationId: null,
      exemption: null,
    });
    expect(await order({ region: "illinois" })).toMatchObject({ taxCents: 312 });
    // (4998 + 500) × 7 % = 384.86
    expect(await order({ region: "Tennessee" })).toMatchObject({ taxCents: 385 });
    // On file but not collected ("collect only where registered"), and a state without a rate.
    expect(await order({ region: "TX" })).toMatchObject({ taxCents: 0, lines: [] });
    expect(await order({ region: "OR" })).toMatchObject({ taxCents: 0, lines: [] });
    // Abroad: the country's rate. 4998 × 5 % = 249.9
    expect(await order({ country: "CA", region: "Ontario" })).toMatchObject({
      taxCents: 250,
      lines: [{ label: "Canada" }],
    });
  });

  it("takes the tax off for a signed-in buyer with an approved certificate for that state", async () => {
    setTestDb(await createTestDatabase(engine));
    await setTaxRates(db(), [
      { place: "US-IL", rate: "6.25" },
      { place: "US-TN", rate: "7" },
    ]);
    const { userId, certificateId } = await insertExemptCustomer(db(), { state: "IL", certificateNumber: "IL-77" });
    expect(await order({ userId })).toEqual({
      taxCents: 0,
      lines: [],
      calculationId: null,
      exemption: { status: "approved", certificateId, certificateNumber: "IL-77", organisationName: "Grace Church" },
    });
    // Another state: taxed as usual; a guest: taxed.
    expect(await order({ userId, region: "TN" })).toMatchObject({ taxCents: 350, exemption: null });
    expect(await order({ userId: null })).toMatchObject({ taxCents: 312, exemption: null });
  });

  it("charges tax with a pending certificate, and says so; an expired or rejected one counts for nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const pending = await insertExemptCustomer(db(), { state: "IL", status: "pending" });
    expect(await order({ userId: pending.userId })).toMatchObject({
      taxCents: 312,
      exemption: { status: "pending", certificateId: pending.certificateId },
    });
    const expired = await insertExemptCustomer(db(), { state: "IL", expiresOn: "2020-01-01" });
    expect(await order({ userId: expired.userId })).toMatchObject({ taxCents: 312, exemption: null });
    const rejected = await insertExemptCustomer(db(), { state: "IL", status: "rejected" });
    expect(await order({ userId: rejected.userId })).toMatchObject({ taxCents: 312, exemption: null });
  });

  it("saves the settings, and refuses bad ones with nothing stored", async () => {
    setTestDb(await createTestDatabase(engine));
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25", shippingTaxed: true }], { homeState: "IL" });
    const before = await loadTaxSettings({ db: db() });
    expect(before).toEqual({
      mode: "owner-rates",
      homeState: "IL",
      rates: [
        {
          jurisdiction: "US-IL",
          country: "US",
          state: "IL",
          rateThousandths: 6250,
          shippingTaxed: true,
          collecting: true,
        },
      ],
    });
    for (const rates of [
      [{ place: "US-IL", rate: "-2" }],
      [{ place: "US-IL", rate: "26" }],
      [{ place: "US-ZZ", rate: "5" }],
      [{ place: "XX", rate: "5" }],
    ]) {
      const refused = await saveTaxSettings(
        { db: db(), clock: () => new Date() },
        { form: { taxMode: "none", homeState: "TN", rates } },
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("VALIDATION");
      expect(await loadTaxSettings({ db: db() })).toEqual(before);
    }
  });
});

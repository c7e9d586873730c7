import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { createLogger } from "#server/logging/logger.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { DEFAULT_STORE_SETTINGS } from "./default-settings.ts";
import { isMaintenanceModeOn } from "./maintenance-mode.ts";
import { getPublicStoreSettings } from "./public-settings.ts";
import { setMaintenanceMode } from "./set-maintenance-mode.ts";
import { getStoreSettingsForAdmin } from "./store-settings.ts";

const logger = createLogger("silent");

describe.each(TEST_ENGINES)("setMaintenanceMode on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("creates the settings row with the defaults when none exists", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const now = new Date("2026-03-01T09:00:00.000Z");

    expect(await setMaintenanceMode({ db, clock: () => now }, { on: true })).toEqual({
      enableMaintenanceMode: true,
      updatedAt: now.toISOString(),
    });

    expect(await isMaintenanceModeOn({ db, logger })).toBe(true);
    const settings = await getStoreSettingsForAdmin({ db });
    expect(settings).toMatchObject({
      storeName: DEFAULT_STORE_SETTINGS.storeName,
      contactEmail: DEFAULT_STORE_SETTINGS.contactEmail,
      currency: "USD",
      enableStripe: true,
      enablePaypal: false,
      enableMaintenanceMode: true,
      updatedAt: now.toISOString(),
    });
    // The store keeps offering the default shipping methods once the row exists.
    expect((await getPublicStoreSettings({ db })).shippingMethods.map((m) => [m.name, m.rateCents])).toEqual([
      ["Standard Shipping", 500],
      ["Express Shipping", 1500],
    ]);
  });

  it("switches the flag on an existing row and leaves everything else alone", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    const before = await getStoreSettingsForAdmin({ db });

    await setMaintenanceMode({ db, clock: () => new Date("2026-03-02T00:00:00.000Z") }, { on: true });
    expect(await isMaintenanceModeOn({ db, logger })).toBe(true);
    await setMaintenanceMode({ db, clock: () => new Date("2026-03-03T00:00:00.000Z") }, { on: false });
    expect(await isMaintenanceModeOn({ db, logger })).toBe(false);

    const after = await getStoreSettingsForAdmin({ db });
    expect(after).toEqual({ ...before, updatedAt: "2026-03-03T00:00:00.000Z" });
    expect(await db.selectFrom("store_settings").select("id").execute()).toHaveLength(1);
  });

  it("refuses anything but a boolean", async () => {
    setTestDb(await createTestDatabase(engine));
    await expect(
      setMaintenanceMode({ db: testDb.handle.db, clock: () => new Date() }, { on: "on" as unknown as boolean }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    expect(await testDb.handle.db.selectFrom("store_settings").select("id").execute()).toEqual([]);
  });
});

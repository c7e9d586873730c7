import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { setTaxRates } from "#tests/support/tax-settings.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { loadTaxSettings } from "./tax-settings.ts";

// The checkout's tax quote and Store Settings → Tax's post, through the real app and build.
describe("the sales-tax routes", () => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const form = (fields: Record<string, string>, cookie?: string) => ({
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

  it("quotes the tax of the address typed as JSON, never cached; no amount without a state", async () => {
    setT(await createTestApp("sqlite"));
    await setTaxRates(t.services.db, [{ place: "US-IL", rate: "6.25" }]);
    const bookId = await insertTestBook(t.services.db, { priceCents: 2000, stock: 5 });
    const quote = (params: Record<string, string>) =>
      t.app.request(`/resources/tax-quote?${new URLSearchParams({ items: `${bookId}:2`, ...params })}`);

    const illinois = await quote({ country: "US", region: "Illinois" });
    expect(illinois.status).toBe(200);
    expect(illinois.headers.get("cache-control")).toBe("no-store");
    expect(await illinois.json()).toEqual({
      taxCents: 250,
      lines: [{ label: "Illinois", rate: "6.25 %", taxCents: 250 }],
      exemptCertificateNumber: null,
      exemptionPending: false,
    });
    expect(await (await quote({ country: "US", region: "OR" })).json()).toMatchObject({ taxCents: 0, lines: [] });
    expect((await quote({ country: "US", region: "" })).status).toBe(400);
    expect((await quote({ country: "XX", region: "IL" })).status).toBe(400);
    // An absurd address is bounded, not an error.
    expect((await quote({ country: "US", region: "I".repeat(10_000), items: "x".repeat(50_000) })).status).toBe(400);
  });

  it("saves Store Settings → Tax for admins only, and refuses bad rates with nothing stored", async () => {
    setT(await createTestApp("sqlite"));
    const { db } = t.services;
    const customer = await signedInCookie(t.services, "ruth@example.com");
    const admin = await signedInCookie(t.services, "owner@example.com", { admin: true });
    const valid = {
      taxMode: "owner-rates",
      homeState: "IL",
      "rates.0.place": "US-IL",
      "rates.0.rate": "6.25",
      "rates.0.collecting": "on",
    };

    for (const cookie of [undefined, customer]) {
      const refused = await t.app.request("/admin/settings/tax", form(valid, cookie));
      expect(refused.status).toBeGreaterThanOrEqual(300);
      expect(refused.status).not.toBe(500);
    }
    expect(await loadTaxSettings({ db })).toEqual({ mode: "none", homeState: null, rates: [] });

    const tooHigh = await t.app.request("/admin/settings/tax", form({ ...valid, "rates.0.rate": "26" }, admin));
    expect(tooHigh.status).toBe(400);
    expect(await tooHigh.text()).toContain("A tax rate over 25 % is surely a mistake: please check it.");
    expect(await loadTaxSettings({ db })).toEqual({ mode: "none", homeState: null, rates: [] });

    expect((await t.app.request("/admin/settings/tax", form(valid, admin))).status).toBe(200);
    expect(await loadTaxSettings({ db })).toMatchObject({
      mode: "owner-rates",
      homeState: "IL",
      rates: [{ jurisdiction: "US-IL", rateThousandths: 6250, collecting: true, shippingTaxed: false }],
    });
    expect((await t.app.request("/admin/settings/tax", { headers: { Cookie: admin } })).status).toBe(405);
  });
});

import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// /bulk-order and Order Again's post through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("bulk order and order again routes on %s", (engine) => {
  const t = useFixture(() => createTestApp(engine), "all");

  const post = (path: string, values: [string, string][]) =>
    t.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values).toString(),
    });
  const books = () => t.services.db.selectFrom("books").select(["id", "title", "age_min", "age_max"]).orderBy("title");

  it("lists every title and set with a quantity box, and a child's age filters the titles", async () => {
    const all = await books().execute();
    const page = (await (await t.app.request("/bulk-order")).text()).replaceAll("<!-- -->", "");
    for (const book of all) expect(page).toContain(`name="qty-${book.id}"`);
    expect(page).toContain('name="qty-pkg-disciple"');
    expect(page).toContain('data-island="bulk-order-form"');

    const forFive = all.filter((b) => b.age_min !== null && b.age_min <= 5 && b.age_max! >= 5);
    const filtered = await (await t.app.request("/bulk-order?age=5")).text();
    expect(filtered.match(/name="qty-[^"]+"/g)?.length).toBe(forFive.length);
    expect(filtered).not.toContain('name="qty-pkg-disciple"');
  });

  it("without scripts, sends the typed lines to the checkout's address", async () => {
    const [first, second] = await books().limit(2).execute();
    const response = await post("/bulk-order", [
      [`qty-${first!.id}`, "25"],
      [`qty-${second!.id}`, ""],
      ["qty-pkg-disciple", "2"],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/checkout?items=${encodeURIComponent(`${first!.id}:25,pkg-disciple:2`)}`,
    );
  });

  it("refuses a bad quantity or an empty form with a message beside the box, never a 500", async () => {
    const [first] = await books().limit(1).execute();
    const bad = await post("/bulk-order", [[`qty-${first!.id}`, "2.5"]]);
    expect(bad.status).toBe(400);
    const page = (await bad.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Enter a whole number of at least 1, or leave it empty.");
    expect(page).toContain('value="2.5"');
    const empty = await post("/bulk-order", [[`qty-${first!.id}`, ""]]);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter a quantity for at least one title.");
  });

  it("refuses Order Again for an order the visitor may not see, as for an unknown one", async () => {
    const order = await t.services.db.selectFrom("orders").select("id").executeTakeFirstOrThrow();
    for (const orderId of [order.id, "no-such-order"]) {
      const json = await post("/resources/order-again", [
        ["orderId", orderId],
        ["respond", "json"],
      ]);
      expect(json.status).toBe(404);
      expect(await json.json()).toMatchObject({ ok: false, error: { message: "This order could not be found." } });
      const page = await post("/resources/order-again", [["orderId", orderId]]);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
    }
  });
});

import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The /track-order page through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("GET /track-order on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const get = (query = "") => t.app.request(`/track-order${query}`);
  // React separates adjacent text parts with empty comments ("Order <!-- -->ORD-…").
  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  it("renders the empty state without an order id", async () => {
    setT(await createTestApp(engine));
    const response = await get();
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain("Awaiting your order ID");
    expect(html).toContain("Track Now");
    expect(html).toContain("<title>Track Your Order | Little Scrolls Press</title>");
  });

  it("server-renders a found order from the database, without personal data", async () => {
    setT(await createTestApp(engine));
    const response = await get("?orderId=ord-2025-001");
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain("Order ORD-2025-001");
    expect(html).toContain("Shipped");
    expect(html).toContain("June 12, 2025");
    const steps = ["In Transit", "Shipped", "Packed", "Order Placed"].map((s) =>
      html.indexOf(`>${s}<`, html.indexOf("Tracking history")),
    );
    expect(steps.every((i) => i > 0)).toBe(true);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(html).not.toContain("sarah.miller");
    expect(html).not.toContain("Noah&#x27;s Ark");
    expect(html).not.toContain("Noah's Ark");
    expect(html).not.toContain("Awaiting your order ID");

    // The client-side navigation's data request carries the same result and nothing more.
    const dataResponse = await t.app.request("/track-order.data?orderId=ORD-2025-001");
    const payload = await dataResponse.text();
    expect(payload).toContain("In Transit");
    expect(payload).not.toContain("sarah.miller");
    expect(payload).not.toMatch(/total_?cents|customer_?email/i);
  });

  it("answers 400 for a blank id and 404 for unknown or odd ids", async () => {
    setT(await createTestApp(engine));
    for (const query of ["?orderId=", "?orderId=%20%20"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(await textOf(response)).toContain("Awaiting your order ID");
    }
    for (const query of [
      "?orderId=ORD-2025-999",
      `?orderId=${"A".repeat(65)}`,
      "?orderId=%25",
      "?orderId=ORD-2025-001%00",
      "?orderId=%27%20or%201%3D1--",
      `?orderId=${"x".repeat(5000)}`,
    ]) {
      const response = await get(query);
      expect(response.status, query.slice(0, 40)).toBe(404);
      const html = await textOf(response);
      expect(html).toContain("Awaiting your order ID");
    }
  });

  it("sets each failed lookup's toast in its answer, a new one per lookup, and none for a found order", async () => {
    setT(await createTestApp(engine));
    // The toast's id is the one UUID in the answer (the page holds no other).
    const toastOf = async (query: string) => {
      const payload = await (await t.app.request(`/track-order.data${query}`)).text();
      return { payload, id: payload.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0] };
    };
    const first = await toastOf("?orderId=ORD-2025-999");
    expect(first.payload).toContain("Order Not Found");
    expect(first.payload).toContain("We couldn't find any tracking information for order ID ORD-2025-999.");
    const again = await toastOf("?orderId=ORD-2025-999");
    expect(first.id).toBeDefined();
    expect(again.id).not.toBe(first.id);
    expect((await toastOf("?orderId=%20")).payload).toContain("Order ID required");
    expect((await toastOf("?orderId=ORD-2025-001")).payload).not.toMatch(/Order Not Found|Order ID required/);
  });

  it("limits lookups to 20 a minute per client, but never the bare page", async () => {
    setT(await createTestApp(engine));
    // Blank ids and the bare page do not count.
    expect((await get()).status).toBe(200);
    expect((await get("?orderId=")).status).toBe(400);
    for (let i = 1; i <= 20; i++) {
      const response = await get(i % 2 ? "?orderId=ORD-2025-001" : "?orderId=ORD-0000-000");
      expect(response.status, `lookup ${i}`).toBe(i % 2 ? 200 : 404);
    }
    const limited = await get("?orderId=ORD-2025-002");
    expect(limited.status).toBe(429);
    const html = await textOf(limited);
    expect(html).toMatch(/Too many attempts, try again in \d+ seconds?\./);
    expect(html).not.toContain("Processing");
    expect((await get()).status).toBe(200);
  });
});

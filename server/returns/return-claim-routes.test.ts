import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { insertStatusStep, insertTestOrder } from "#tests/support/test-orders.ts";
import { RETURN_CLAIM_MESSAGES } from "#common/returns/return-claim-terms.ts";

// The /returns page and the photo route through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("/returns on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const textOf = async (response: Response) =>
    (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
  const get = (url: string, cookie = "") => t.app.request(url, { headers: { accept: "text/html", cookie } });
  const post = (fields: Record<string, string>, cookie = "", photo?: { bytes: Uint8Array; name: string }) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (photo) form.set("photo", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
    return t.app.request("/returns", { method: "POST", body: form, headers: { accept: "text/html", cookie } });
  };
  const claims = () => t.services.db.selectFrom("return_claims").selectAll().execute();

  async function shippedOrder() {
    const { db } = t.services;
    const orderId = await insertTestOrder(db, {
      order: { status: "Shipped", customer_email: "Guest.Buyer@example.com", payment_status: "paid" },
    });
    await insertStatusStep(db, orderId, "Shipped", new Date());
    const item = await db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { orderId, itemId: item.id };
  }
  async function proof(orderId: string) {
    const response = await post({
      intent: "find-order",
      orderId: orderId.toLowerCase(),
      email: "guest.buyer@EXAMPLE.com",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/returns?orderId=${encodeURIComponent(orderId)}`);
    const cookie = response.headers
      .getSetCookie()
      .find((header) => header.startsWith("shop_claim_orders="))!
      .split(";")[0]!;
    return cookie;
  }

  it("asks a guest for the order's number and e-mail, and opens the claim form once they match", async () => {
    setT(await createTestApp(engine));
    const { orderId } = await shippedOrder();
    const html = await textOf(await get(`/returns?orderId=${orderId}`));
    expect(html).toContain("Find your order");
    expect(html).not.toContain("The Disciple's Set");

    const wrong = await post({ intent: "find-order", orderId, email: "someone@example.com" });
    expect(wrong.status).toBe(400);
    expect(await textOf(wrong)).toContain(RETURN_CLAIM_MESSAGES.notFound);
    expect(wrong.headers.getSetCookie().some((header) => header.startsWith("shop_claim_orders="))).toBe(false);

    const cookie = await proof(orderId);
    const page = await textOf(await get(`/returns?orderId=${orderId}`, cookie));
    expect(page).toContain(`Order ${orderId}`);
    expect(page).toContain("The Disciple's Set");
    expect(page).toContain("Send request");
    // The proof opens the claims, never the confirmation (which shows the address).
    const confirmation = await get(`/order-confirmation/${orderId}`, cookie);
    expect(confirmation.status).toBe(302);
  });

  it("refuses a claim without proof, a photo that is no image, and too many copies, storing nothing", async () => {
    setT(await createTestApp(engine));
    const { orderId, itemId } = await shippedOrder();
    const claim = {
      intent: "send-claim",
      orderId,
      kind: "damage",
      "lines.0.itemId": itemId,
      "lines.0.quantity": "1",
      reason: "Torn.",
    };

    const stranger = await post(claim);
    expect(stranger.status).toBe(404);
    expect(await textOf(stranger)).toContain(RETURN_CLAIM_MESSAGES.notFound);

    const cookie = await proof(orderId);
    const text = new TextEncoder().encode("just words in a file named like a photo");
    const notImage = await post(claim, cookie, { bytes: text, name: "damage.jpg" });
    expect(notImage.status).toBe(400);
    expect(await textOf(notImage)).toContain("could not be read as an image");

    const tooMany = await post({ ...claim, "lines.0.quantity": "3" }, cookie);
    expect(tooMany.status).toBe(400);
    expect(await textOf(tooMany)).toContain("at most 2 copies");

    const foreign = await post({ ...claim, "lines.0.itemId": randomUUID() }, cookie);
    expect(foreign.status).toBe(400);
    expect(await textOf(foreign)).toContain(RETURN_CLAIM_MESSAGES.unknownLine);
    expect(await claims()).toEqual([]);

    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#333" } })
      .png()
      .toBuffer();
    const sent = await post(claim, cookie, { bytes: photo, name: "not-really.gif" });
    expect(sent.status).toBe(302);
    const [stored] = await claims();
    expect(stored).toMatchObject({ order_id: orderId, status: "pending", photo_content_type: "image/webp" });

    // The photo: this browser and staff only; anyone else, like an unknown claim, 404.
    const own = await get(`/returns/photos/${stored!.id}`, cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(`/returns/photos/${stored!.id}`)).status).toBe(404);
    expect((await get(`/returns/photos/${randomUUID()}`, cookie)).status).toBe(404);
    expect((await get("/returns/photos/..%2F..%2Fetc", cookie)).status).toBe(404);
  });

  it("counts every post against the client's limit, as Track Order does", async () => {
    setT(await createTestApp(engine));
    for (let i = 1; i <= 20; i++) {
      const response = await post({ intent: "find-order", orderId: "ORD-NOPE", email: "a@example.com" });
      expect(response.status, `post ${i}`).toBe(400);
    }
    const limited = await post({ intent: "find-order", orderId: "ORD-NOPE", email: "a@example.com" });
    expect(limited.status).toBe(429);
    expect(await textOf(limited)).toMatch(/Too many attempts, try again in \d+ seconds?\./);
  });
});

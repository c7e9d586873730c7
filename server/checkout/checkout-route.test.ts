import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { enableCardPayments, enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { readOrder, TEST_BUYER_ADDRESS } from "#tests/support/test-orders.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { countRows } from "#tests/support/row-count.ts";

// /checkout and /order-confirmation through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("checkout routes on %s", (engine) => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  async function setUp(env: Record<string, string> = {}) {
    setT(await createTestApp(engine, { env }));
    await enableInvoicePayments(t.services.db, { terms: "Net 30" });
    const book = await t.services.db
      .selectFrom("books")
      .select(["id", "title", "price_cents"])
      .orderBy("title")
      .executeTakeFirstOrThrow();
    await t.services.db.updateTable("books").set({ stock: 5 }).where("id", "=", book.id).execute();
    const method = await t.services.db
      .selectFrom("shipping_methods")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    return { book, shippingMethodId: method.id };
  }

  const orderCount = () => countRows(t.services.db, "orders");

  function post(path: string, values: Record<string, string>, cookie?: string) {
    return t.app.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(values).toString(),
    });
  }

  const validForm = (values: Record<string, string>) => ({
    checkoutToken: "tok_" + Math.random().toString(36).slice(2).padEnd(20, "x"),
    email: "buyer@example.com",
    ...TEST_BUYER_ADDRESS,
    paymentMethod: "invoice",
    ...values,
  });

  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  it("renders the server-priced page, places an invoice order once, and shows it only to its buyer", async () => {
    const { book, shippingMethodId } = await setUp();
    const page = await t.app.request(`/checkout?items=${book.id}:2:1`);
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html).toContain("Order Summary");
    expect(html).toContain(`changed from $0.01 to`);
    expect(html).toMatch(/name="checkoutToken" value="[\w-]{24}"/);

    const form = validForm({ items: `${book.id}:2`, shippingMethodId, poNumber: "PO-1" });
    const placed = await post("/checkout", form);
    expect(placed.status).toBe(302);
    const location = placed.headers.get("location")!;
    expect(location).toMatch(/^\/order-confirmation\/ORD-[0-9A-Z]{12}\?placed=1$/);
    const cookie = cookieOf(placed);
    expect(placed.headers.get("set-cookie")).toMatch(/shop_placed_orders=.*HttpOnly; SameSite=Lax/);

    // A replay (double-click, reload) answers with the same order and writes nothing.
    const replay = await post("/checkout", form);
    expect(replay.headers.get("location")).toBe(location);
    await expect(orderCount()).resolves.toBe(4);

    const confirmation = await t.app.request(location, { headers: { Cookie: cookie } });
    expect(confirmation.status).toBe(200);
    const confirmationHtml = await textOf(confirmation);
    expect(confirmationHtml).toContain("12 Olive Grove Lane");
    expect(confirmationHtml).toContain("Payment terms: Net 30.");

    const orderId = location.split("/")[2]!.split("?")[0]!;
    const stranger = await t.app.request(`/order-confirmation/${orderId}`);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toBe(`/track-order?orderId=${orderId}`);
    const forged = await t.app.request(`/order-confirmation/${orderId}`, {
      headers: { Cookie: `shop_placed_orders=${orderId}.AAAA` },
    });
    expect(forged.status).toBe(302);
    const otherCustomer = await signedInCookie(t.services, "someone@example.com");
    expect((await t.app.request(`/order-confirmation/${orderId}`, { headers: { Cookie: otherCustomer } })).status).toBe(
      302,
    );
    const admin = await signedInCookie(t.services, "admin@example.com", { admin: true });
    expect((await t.app.request(`/order-confirmation/${orderId}`, { headers: { Cookie: admin } })).status).toBe(200);
  });

  it("refuses bad input with a message, never a 500, and writes nothing", async () => {
    const { book, shippingMethodId } = await setUp();
    await t.services.db.updateTable("store_settings").set({ shipping_countries: "US,CA" }).execute();
    const before = await orderCount();
    const cases: [string, Record<string, string>, number, string][] = [
      ["zero quantity", { items: `${book.id}:0` }, 400, "at least 1"],
      ["negative quantity", { items: `${book.id}:-2` }, 400, "at least 1"],
      ["fractional quantity", { items: `${book.id}:1.5` }, 400, "at least 1"],
      ["huge quantity", { items: `${book.id}:100` }, 400, "at most 99"],
      ["above stock", { items: `${book.id}:6` }, 409, "just sold out"],
      ["unknown item", { items: "no-such-book:1" }, 400, "no longer available"],
      ["odd item id", { items: "../../etc:1" }, 400, "not one we sell"],
      ["no items", { items: "" }, 400, "no items"],
      [
        "too many lines",
        { items: Array.from({ length: 51 }, (_, i) => `b${i}:1`).join(",") },
        400,
        "at most 50 different items",
      ],
      ["unknown shipping method", { shippingMethodId: "nope" }, 400, "shipping method is no longer available"],
      ["country not shipped to", { country: "FR" }, 400, "we do not ship to France"],
      ["unknown country", { country: "ZZ" }, 400, "Please choose a country."],
      ["card not available", { paymentMethod: "card" }, 400, "Card payments are not available"],
      ["PayPal not available", { paymentMethod: "paypal" }, 400, "PayPal is not available right now"],
      ["unknown payment method", { paymentMethod: "crypto" }, 400, "Please choose how you would like to pay."],
      ["over-long name", { fullName: "x".repeat(101) }, 400, "100 characters or fewer"],
      ["bad e-mail", { email: "not-an-address" }, 400, "Please enter a valid email address."],
      ["missing token", { checkoutToken: "" }, 400, "This checkout page has expired"],
      ["missing ZIP for the US", { postalCode: "" }, 400, "Please enter your ZIP code."],
    ];
    for (const [name, values, status, message] of cases) {
      const response = await post("/checkout", validForm({ items: `${book.id}:1`, shippingMethodId, ...values }));
      expect(response.status, name).toBe(status);
      expect(await textOf(response), name).toContain(message.replaceAll("'", "&#x27;"));
    }
    const huge = await post(
      "/checkout",
      validForm({ items: `${book.id}:1`, shippingMethodId, street: "x".repeat(40_000) }),
    );
    expect(huge.status).toBe(413);
    await expect(orderCount()).resolves.toBe(before);
    const stock = await t.services.db.selectFrom("books").select("stock").where("id", "=", book.id).executeTakeFirst();
    expect(stock?.stock).toBe(5);
    expect(t.logs.filter((line) => line.msg === "action failed")).toEqual([]);
  });

  it("limits the orders one client may try to place, so stock cannot be hoarded by unpaid orders", async () => {
    const { book } = await setUp();
    const attempt = () => post("/checkout", validForm({ items: `${book.id}:1`, shippingMethodId: "nope" }));
    for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    // A form the schema refuses never counts, and is still answered with its message.
    expect((await post("/checkout", validForm({ items: "" }))).status).toBe(400);
  });

  it("bounds the items one client's invoice orders hold unpaid in a day, counting neither refused orders nor replays", async () => {
    const { book, shippingMethodId } = await setUp();
    const [second, scarce] = await t.services.db
      .selectFrom("books")
      .select("id")
      .where("id", "!=", book.id)
      .orderBy("id")
      .limit(2)
      .execute();
    await t.services.db.updateTable("books").set({ stock: 1000 }).where("id", "in", [book.id, second!.id]).execute();
    await t.services.db.updateTable("books").set({ stock: 0 }).where("id", "=", scarce!.id).execute();
    const order = (items: string) => validForm({ items, shippingMethodId });
    const before = await orderCount();

    // Staff mark each order paid, so what the client holds unpaid at once (decision 23) stays
    // under its cap and only the daily allowance is tested here.
    const markPaid = () =>
      t.services.db
        .updateTable("orders")
        .set({ payment_status: "paid" })
        .where("payment_status", "=", "awaiting_payment")
        .execute();

    const first = order(`${book.id}:99,${second!.id}:21`);
    expect((await post("/checkout", first)).status).toBe(302);
    await markPaid();
    // The same 120 items again (a reload, a double-click) find their order, uncounted.
    const again = await post("/checkout", first);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/^\/order-confirmation\/ORD-/);
    expect((await post("/checkout", order(`${book.id}:99`))).status).toBe(302);
    await markPaid();
    // Refused (sold out): nothing held, nothing counted.
    expect((await post("/checkout", order(`${scarce!.id}:1`))).status).toBe(409);
    expect(await orderCount()).toBe(before + 2);

    const over = await post("/checkout", order(`${book.id}:82`));
    expect(over.status).toBe(429);
    expect(await textOf(over)).toContain(
      "Orders paid by invoice can hold up to 300 items a day. Please order fewer items, pay by card, or contact us for a larger order.",
    );
    expect(await orderCount()).toBe(before + 2);
    // 219 of 300 counted: 81 more still fit, then not one.
    expect((await post("/checkout", order(`${book.id}:81`))).status).toBe(302);
    await markPaid();
    expect((await post("/checkout", order(`${second!.id}:1`))).status).toBe(429);
    expect(await orderCount()).toBe(before + 3);
    const stock = await t.services.db.selectFrom("books").select("stock").where("id", "=", book.id).executeTakeFirst();
    expect(stock?.stock).toBe(1000 - 99 - 99 - 81);
  });

  it("a card order whose payment page cannot be opened stays awaiting payment and offers Pay by card", async () => {
    // Port 9 (discard) on loopback: nothing listens, so Stripe cannot be reached.
    const { book, shippingMethodId } = await setUp({ STRIPE_API_URL: "http://127.0.0.1:9" });
    await enableCardPayments(t.services.db, t.services.env.APP_SECRET);
    const placed = await post(
      "/checkout",
      validForm({ items: `${book.id}:1`, shippingMethodId, paymentMethod: "card" }),
    );
    expect(placed.status).toBe(302);
    const location = placed.headers.get("location")!;
    expect(location).toMatch(/\?placed=1&payment=unavailable$/);
    const orderId = location.split("/")[2]!.split("?")[0]!;
    const order = await readOrder(t.services.db, orderId);
    expect(order).toMatchObject({ payment_method: "card", payment_status: "awaiting_payment" });
    const mails = await t.services.db
      .selectFrom("mail_outbox")
      .select("kind")
      .where("order_id", "=", orderId)
      .execute();
    expect(mails).toEqual([]);

    const cookie = cookieOf(placed);
    const page = await textOf(await t.app.request(location, { headers: { Cookie: cookie } }));
    expect(page).toContain("We could not open the card payment page.");
    expect(page).toContain("Pay by card");
    // An island page (decision 21): "Pay by card" and the cart's emptying are its islands.
    expect(page).toContain('data-island="post-button"');
    expect(page).toContain('data-island="clear-placed-cart"');
    expect(page).not.toContain("__reactRouterContext");
    const retry = await post(`/order-confirmation/${orderId}`, { intent: "pay-by-card" }, cookie);
    expect(retry.status).toBe(503);
    // The refusal is this page again, with its toast: no flash cookie for the next page to show.
    expect(retry.headers.getSetCookie().join()).not.toContain("shop_flash=");
    const refused = await textOf(retry);
    expect(refused).toContain("We could not reach the card payment service.");
    expect(refused).toContain("Payment could not be started");
    // Seen again later, the order's cart is not emptied again.
    expect(
      await textOf(await t.app.request(`/order-confirmation/${orderId}`, { headers: { Cookie: cookie } })),
    ).not.toContain('data-island="clear-placed-cart"');
    const strangerRetry = await post(`/order-confirmation/${orderId}`, { intent: "pay-by-card" });
    // Refused (not found), and the page itself sends a stranger to Track Order.
    expect(strangerRetry.status).toBe(302);
    expect(strangerRetry.headers.get("location")).toBe(`/track-order?orderId=${orderId}`);
  });

  it("asks Stripe at most 30 times a minute per client: past that the confirmation shows the order as it is, and Pay by card answers 429", async () => {
    const standIn = await startStripeStandIn();
    try {
      const { book, shippingMethodId } = await setUp({ STRIPE_API_URL: standIn.url });
      await enableCardPayments(t.services.db, t.services.env.APP_SECRET);
      const placed = await post(
        "/checkout",
        validForm({ items: `${book.id}:1`, shippingMethodId, paymentMethod: "card" }),
      );
      expect(placed.status).toBe(302);
      // The buyer went on to Stripe's page: its session names the order.
      expect(placed.headers.get("location")).toMatch(new RegExp(`^${standIn.url}/pay/`));
      const cookie = cookieOf(placed);
      const [session] = [...standIn.sessions.values()];
      const { id: sessionId, client_reference_id: orderId } = session!;
      const retrievals = () =>
        standIn.requests().filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${sessionId}`).length;

      // Back from Stripe's page (unpaid), reloaded again and again.
      const back = () =>
        t.app.request(`/order-confirmation/${orderId}?session_id=${sessionId}`, { headers: { Cookie: cookie } });
      for (let i = 0; i < 30; i++) expect((await back()).status).toBe(200);
      expect(retrievals()).toBe(30);
      const past = await back();
      expect(past.status).toBe(200);
      expect(await textOf(past)).toContain(orderId!);
      expect(retrievals()).toBe(30);

      const retry = await post(`/order-confirmation/${orderId}`, { intent: "pay-by-card" }, cookie);
      expect(retry.status).toBe(429);
      expect(retrievals()).toBe(30);
    } finally {
      await standIn.close();
    }
  });
});

import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, afterEach, describe, expect, it } from "vitest";
import { addFirstToCollection } from "#tests/support/add-to-collection.ts";
import { holdRequests } from "#tests/support/held-request.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { linksTo, readOutbox } from "#tests/support/outbox.ts";
import { bringIntoView, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { bookRow } from "#tests/support/test-books.ts";

const CART_KEY = "bible-story-shop:cart:v1";

describe("storefront in a browser", () => {
  const shop = useShop();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await shop.browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  async function openHome() {
    await page.goto(shop.server.url);
    await waitForHydration(page);
  }
  const bookCard = (title: string) =>
    page.locator("#books article").filter({ has: page.getByRole("heading", { name: title }) });
  const openCart = () => page.getByRole("button", { name: /Open your collection/ }).click();

  it("toggles between the 4 newest books and all books", async () => {
    await openHome();
    const cards = page.locator("#books article");
    expect(await cards.count()).toBe(4);
    const toggle = page.locator("#books").getByRole("button", { name: "View All Bible Stories" });
    await toggle.click();
    await page.locator("#books").getByRole("button", { name: "Show Less" }).waitFor();
    expect(await cards.count()).toBe(13);
    await page.locator("#books").getByRole("button", { name: "Show Less" }).click();
    await page.locator("#books").getByRole("button", { name: "View All Bible Stories" }).waitFor();
    expect(await cards.count()).toBe(4);
  });

  it("loads the books a page at a time with Show More Stories", async () => {
    // 20 books newer than the 13 seeded: 33 in all, a page of 24 and one of 9.
    const db = shop.openDatabase();
    const extra = Array.from({ length: 20 }, (_, index) =>
      bookRow(index, { slug: `paged-${index}`, title: `Paged Story ${index}`, created_at: "2099-01-01T00:00:00.000Z" }),
    );
    await db.db.insertInto("books").values(extra).execute();
    try {
      await openHome();
      const cards = page.locator("#books article");
      await page.locator("#books").getByRole("button", { name: "View All Bible Stories" }).click();
      const more = page.locator("#books").getByRole("button", { name: "Show More Stories" });
      await more.waitFor();
      expect(await cards.count()).toBe(24);
      await more.click();
      await expect.poll(() => cards.count()).toBe(33);
      // The last page is shown: nothing more to load.
      expect(await more.count()).toBe(0);
      await page.locator("#books").getByRole("button", { name: "Show Less" }).click();
      expect(await cards.count()).toBe(4);
    } finally {
      await db.db
        .deleteFrom("books")
        .where(
          "id",
          "in",
          extra.map((book) => book.id),
        )
        .execute();
      await db.close();
    }
  });

  it("adds, raises, clamps, removes and clears with the specified toasts", async () => {
    // A set's stock is its books' (decision 38): 10 of "He Is Risen!" make 10 Shepherd's Packs.
    const setRisenStock = async (stock: number) => {
      const db = shop.openDatabase();
      await db.db.updateTable("books").set({ stock }).where("title", "=", RISEN).execute();
      await db.close();
    };
    await setRisenStock(10);
    try {
      await clampsInTheCart();
    } finally {
      await setRisenStock(45);
    }
  });

  const RISEN = "He Is Risen! The Story of the Resurrection";
  async function clampsInTheCart() {
    await openHome();
    const samaritan = "The Good Samaritan";
    await bookCard(samaritan)
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    await expectToast(page, "Added to Collection!");
    await bookCard(samaritan)
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    await expectToast(page, /^Added to Collection [^!]/);
    expect(await page.getByTestId("cart-count").innerText()).toBe("2");

    // A bundle goes in with the stock its books allow (The Shepherd's Pack: 10).
    await page
      .locator("#pricing li")
      .filter({ hasText: "The Shepherd's Pack" })
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    expect(await page.getByTestId("cart-count").innerText()).toBe("3");

    await openCart();
    const dialog = page.getByRole("dialog", { name: "Your Collection" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("cart-subtotal").innerText()).toBe("$97.97"); // 2 × 13.99 + 69.99
    for (let i = 0; i < 9; i++)
      await dialog.getByRole("button", { name: "Increase quantity of The Shepherd's Pack" }).click();
    // A click resolves once dispatched; the box is redrawn a moment later.
    await expect.poll(() => dialog.getByTestId("cart-quantity").nth(1).inputValue()).toBe("10");
    await dialog.getByRole("button", { name: "Increase quantity of The Shepherd's Pack" }).click();
    await expectToast(page, /^Stock Limit Reached Only 10 units/);
    expect(await dialog.getByTestId("cart-quantity").nth(1).inputValue()).toBe("10");

    await dialog.getByRole("button", { name: "Decrease quantity of The Good Samaritan" }).click();
    await dialog.getByRole("button", { name: "Decrease quantity of The Good Samaritan" }).click();
    await expectToast(page, "Removed from Collection");
    expect(await dialog.getByTestId("cart-line").count()).toBe(1);

    await dialog.getByRole("button", { name: "Remove The Shepherd's Pack" }).click();
    await expectToast(page, "Removed from Collection");
    await dialog.getByText("Your collection is empty").waitFor();
    await dialog.getByText("Find a book or a set to start your journey!").waitFor();
    await dialog.getByRole("button", { name: "Close your collection" }).click();

    await bookCard(samaritan)
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    await openCart();
    await dialog.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expectToast(page, "Checkout isn't ready yet");
    await dialog.getByRole("button", { name: "Pay with Crypto" }).click();
    await expectToast(page, "Crypto Payments Coming Soon!");
    await dialog.getByRole("button", { name: "Clear Collection" }).click();
    await expectToast(page, "Collection Cleared Your collection is now empty.");
    await dialog.getByText("Your collection is empty").waitFor();
  }

  it("does what a visitor tapped before the page's script hydrated: adds the book once, then opens the cart", async () => {
    // A slow phone: the page is painted, its islands' script not yet arrived.
    const script = await holdRequests(page, /\/assets\/islands-client-[^/]*\.js$/);
    await page.goto(shop.server.url);
    await script.arrived;
    // Tapped twice, since nothing seemed to happen: the visitor asked again, for one copy.
    for (let i = 0; i < 2; i++) {
      await bookCard("The Good Samaritan")
        .getByRole("button", { name: /Add to Collection/ })
        .click();
    }
    await openCart();
    await script.release();
    await expectToast(page, "Added to Collection!");
    const dialog = page.getByRole("dialog", { name: "Your Collection" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("cart-line").count()).toBe(1);
    expect(await page.getByTestId("cart-count").innerText()).toBe("1");
  });

  it("on a 360 px phone, shows a toast over the open cart sheet clear of its buttons and its close button", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openHome();
    await addFirstToCollection(page, "#books");
    await openCart();
    const dialog = page.getByRole("dialog", { name: "Your Collection" });
    await dialog.getByRole("button", { name: /^Increase quantity of/ }).click();
    await dialog.getByRole("button", { name: /^Decrease quantity of/ }).click();
    await dialog.getByRole("button", { name: "Pay with Crypto" }).click();
    await expectToast(page, "Crypto Payments Coming Soon!");
    const toast = (await page.getByTestId("toast").last().boundingBox())!;
    for (const name of ["Proceed to Checkout", "Pay with Crypto", "Clear Collection", "Close your collection"]) {
      const button = (await dialog.getByRole("button", { name }).boundingBox())!;
      const overlaps =
        toast.x < button.x + button.width &&
        button.x < toast.x + toast.width &&
        toast.y < button.y + button.height &&
        button.y < toast.y + toast.height;
      expect(overlaps, name).toBe(false);
    }
  });

  it("refuses a book whose every unit is already in the cart", async () => {
    // Only two units of one book left: the third copy is refused.
    const db = shop.openDatabase();
    await db.db.updateTable("books").set({ stock: 2 }).where("title", "=", "The Good Samaritan").execute();
    await db.close();
    await openHome();
    const add = bookCard("The Good Samaritan").getByRole("button", { name: /Add to Collection/ });
    await add.click();
    await add.click();
    await add.click();
    await expectToast(page, `Out of Stock! You already have all available units of "The Good Samaritan" in your cart.`);
    expect(await page.getByTestId("cart-count").innerText()).toBe("2");
    const db2 = shop.openDatabase();
    await db2.db.updateTable("books").set({ stock: 30 }).where("title", "=", "The Good Samaritan").execute();
    await db2.close();
  });

  it("says Sold out, with a disabled button, and Only N left on book cards, the book page and the pricing section", async () => {
    const setNoahStock = async (stock: number) => {
      const db = shop.openDatabase();
      await db.db
        .updateTable("books")
        .set({ stock })
        .where("slug", "=", "noahs-ark-and-the-promise-of-the-rainbow")
        .execute();
      await db.close();
    };
    const bundleCard = (name: string) => page.locator("#pricing li").filter({ hasText: name });
    await setNoahStock(4);
    try {
      await openHome();
      // The seeded "Moses" book has stock 0: its card says so and its button cannot be pressed.
      await page.locator("#books").getByRole("button", { name: "View All Bible Stories" }).click();
      await page.locator("#books").getByRole("button", { name: "Show Less" }).waitFor();
      const moses = bookCard("Moses and the Parting of the Red Sea");
      const soldOut = moses.getByRole("button", { name: /^Sold out\W+Moses and the Parting/ });
      expect(await soldOut.isDisabled()).toBe(true);
      expect(await moses.getByRole("button", { name: /Add to Collection/ }).count()).toBe(0);
      // A card with few left says how many; one with plenty (Daniel, 12) says nothing.
      expect(await bookCard("Noah's Ark and the Promise of the Rainbow").getByTestId("stock-label").innerText()).toBe(
        "Only 4 left",
      );
      expect(await bookCard("Daniel in the Lions' Den").getByTestId("stock-label").count()).toBe(0);

      // The pricing section reads the sets' stock from their books (decision 38). Scrolled to, as a
      // visitor does: it is laid out only when near the viewport (content-visibility). The
      // Prophet's Collection holds Moses: sold out with it. The Disciple's Set holds Noah: 4 left.
      await bringIntoView(page.locator("#pricing"));
      const disciple = bundleCard("The Prophet's Collection");
      expect(await disciple.getByRole("button", { name: /^Sold out\W+The Prophet's Collection/ }).isDisabled()).toBe(
        true,
      );
      expect(await bundleCard("The Disciple's Set").getByTestId("stock-label").innerText()).toBe("Only 4 left");
      expect(await bundleCard("The Shepherd's Pack").getByTestId("stock-label").count()).toBe(0);
      await bundleCard("The Shepherd's Pack").getByText("Most Popular").waitFor();
      expect(await bundleCard("The Shepherd's Pack").innerText()).toContain("$69.99");

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.locator("#pricing").screenshot({ path: "test-results/pricing-sold-out-1280.png" });
      await page.setViewportSize({ width: 360, height: 800 });
      await disciple.screenshot({ path: "test-results/pricing-sold-out-360.png" });
      await moses.screenshot({ path: "test-results/book-card-sold-out-360.png" });

      // The book pages say it too.
      await page.goto(`${shop.server.url}/books/moses-and-the-parting-of-the-red-sea`);
      await waitForHydration(page);
      expect(await page.getByTestId("stock-status").innerText()).toBe("Sold out");
      expect(await page.getByRole("button", { name: /^Sold out\W+Moses and the Parting/ }).isDisabled()).toBe(true);
      await page.screenshot({ path: "test-results/book-page-sold-out-360.png", fullPage: true });
      const noah = await page.goto(`${shop.server.url}/books/noahs-ark-and-the-promise-of-the-rainbow`);
      expect(noah?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.getByTestId("stock-status").innerText()).toBe("Only 4 left");
      // The page's own button, not those of the related books below it.
      await page.getByRole("button", { name: /Add to Collection\W+Noah's Ark/ }).click();
      await expectToast(page, "Added to Collection!");
    } finally {
      await setNoahStock(35);
    }
  });

  it("keeps the cart across a reload and recovers from a corrupt stored value", async () => {
    await openHome();
    await bookCard("The Prodigal Son Comes Home")
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("cart-count").innerText()).toBe("1");

    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.evaluate((key) => localStorage.setItem(key, "{not json"), CART_KEY);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(errors.some((e) => e.includes("stored cart could not be read"))).toBe(true);
    // The page still works: adding starts a fresh cart.
    await bookCard("The Prodigal Son Comes Home")
      .getByRole("button", { name: /Add to Collection/ })
      .click();
    expect(await page.getByTestId("cart-count").innerText()).toBe("1");
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY))!)).toHaveLength(1);
  });

  it("subscribes to the newsletter (double opt-in): success, confirm, duplicate, empty, and unsubscribe", async () => {
    await openHome();
    const footer = page.locator("footer");
    const email = footer.getByRole("textbox", { name: "Email address for our newsletter" });
    const subscribeAs = async (address: string) => {
      await email.fill(address);
      await footer.getByRole("button", { name: "Subscribe" }).click();
    };
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Error Please enter your email address.");

    await subscribeAs("  New.Reader@Example.com ");
    await expectToast(page, "Subscribed! Thank you for joining our community!");
    await expect.poll(() => email.inputValue()).toBe("");
    await page.getByTestId("toast").getByRole("button", { name: "Close notification" }).click();

    // Not confirmed yet: subscribing again is a success too (the confirmation e-mail may have been lost).
    await subscribeAs("new.reader@example.COM");
    await expectToast(page, "Subscribed! Thank you for joining our community!");
    await page.getByTestId("toast").getByRole("button", { name: "Close notification" }).click();

    // The confirmation e-mail: its link shows a button, which confirms.
    const mails = readOutbox(shop.dataDir).filter((m) => m.headers.to === "New.Reader@example.com");
    expect(mails).toHaveLength(1);
    const local = (url: string) => url.replace(/^http:\/\/localhost:\d+/, shop.server.url);
    await page.goto(local(linksTo(mails[0]!, "/newsletter/confirm")[0]!));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor();

    await openHome();
    await subscribeAs("new.reader@example.COM");
    await expectToast(page, "Already Subscribed This email address is already on our list.");

    const readRows = async () => {
      const db = shop.openDatabase();
      const rows = await db.db.selectFrom("email_subscribers").select(["email", "confirmed_at"]).execute();
      await db.close();
      return rows;
    };
    expect(await readRows()).toEqual([{ email: "New.Reader@Example.com", confirmed_at: expect.any(String) }]);

    // The unsubscribe link at the end of the e-mail.
    await page.goto(local(linksTo(mails[0]!, "/newsletter/unsubscribe")[0]!));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
    expect(await readRows()).toEqual([]);
  });

  it("shows the contact e-mail from the settings, and no free story while none is uploaded", async () => {
    await openHome();
    // The seeded shop offers no free story: no button leading nowhere (tests/e2e/free-story.test.ts offers one).
    expect(await page.getByText("Get a Free Story").count()).toBe(0);
    await page.getByRole("button", { name: "Email Us" }).click();
    await expectToast(page, "hello@littlescrolls.example");
  });

  it("puts the Coming Soon page in front of every page while maintenance mode is on", async () => {
    const setMaintenance = async (on: boolean) => {
      const db = shop.openDatabase();
      await db.db.updateTable("store_settings").set({ enable_maintenance_mode: on }).execute();
      await db.close();
    };
    // A visitor who opened the shop before it closed: their next click shows Coming Soon too.
    await openHome();
    await setMaintenance(true);
    try {
      await page.locator("#books article h3 a").first().click();
      await page.getByRole("heading", { name: "Coming Soon", level: 1 }).waitFor();

      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      for (const path of ["/", "/our-mission", "/no-such-page", "/books/the-good-samaritan"]) {
        const response = await page.goto(`${shop.server.url}${path}`);
        expect(response?.status()).toBe(503);
        expect(response?.headers()["retry-after"]).toBe("3600");
        await page.getByRole("heading", { name: "Coming Soon", level: 1 }).waitFor();
        await waitForHydration(page);
        expect(page.url()).toBe(`${shop.server.url}${path}`);
      }
      // The page hydrates without asking for any page's data.
      expect(dataRequests).toEqual([]);
      expect((await fetch(`${shop.server.url}/resources/books`)).status).toBe(503);
      await page.getByRole("textbox", { name: "Email address to hear when we launch" }).fill("launch@example.com");
      await page.getByRole("button", { name: "Notify Me" }).click();
      await expectToast(page, "Subscribed! Thank you! We'll notify you when we launch.");
      // The confirmation link of the launch list's e-mail works while the shop is closed.
      let confirmLink: string | undefined;
      await expect
        .poll(
          () =>
            (confirmLink = readOutbox(shop.dataDir)
              .filter((m) => m.headers.to === "launch@example.com")
              .map((m) => linksTo(m, "/newsletter/confirm")[0])[0]),
        )
        .toBeDefined();
      const confirmPage = await page.goto(confirmLink!.replace(/^http:\/\/localhost:\d+/, shop.server.url));
      expect(confirmPage?.status()).toBe(200);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor();
      // Back on the Coming Soon page, the login page stays reachable, also through the page's own link.
      await page.goto(`${shop.server.url}/`);
      await waitForHydration(page);
      expect((await fetch(`${shop.server.url}/login`)).status).toBe(200);
      await page.getByRole("link", { name: "Login" }).click();
      await page.getByRole("heading", { name: "Login", level: 1 }).waitFor();
      expect(page.url()).toBe(`${shop.server.url}/login`);
    } finally {
      await setMaintenance(false);
    }
    const response = await page.goto(shop.server.url);
    expect(response?.status()).toBe(200);
  });
});

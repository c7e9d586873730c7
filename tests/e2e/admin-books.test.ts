import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, bringIntoView, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

const COMPRESSION_FAILED = "Image compression failed: Could not process the image. Please try another one.";
const DELETE_QUESTION = "Are you sure you want to delete this book?";

const BOOK = {
  title: "Esther: For Such a Time as This",
  author: "Miriam Hale",
  description: "A brave queen speaks up for her people.",
  price: "12.50",
  originalPrice: "16.00",
  badge: "New Release",
  rating: "4.7",
  reviews: "12",
  ageRange: "4-8",
  tags: "Old Testament, Heroes of Faith",
};

describe("admin Book Management in a browser", () => {
  let server: ServerProcess;
  let browser: Browser;
  let filesDir: string;
  /** Signed in as the admin. */
  let admin: BrowserContext;
  /** A 1600×1200 PNG, resized by the browser before upload. */
  let coverPath: string;
  /** Text in a file called .png. */
  let fakePngPath: string;

  const shop = useShop({}, { withOwner: true });

  const dialog = (page: Page) => page.getByRole("dialog");
  const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true });
  const row = (page: Page, title: string) => page.getByTestId("book-row").filter({ hasText: title });
  const firstHomeCard = (page: Page) => page.locator("#books-heading ~ ul article").first();
  /** The home page as a visitor sees it: a fresh context, so nothing comes from an earlier visit. */
  async function visitorHome(): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    // The grid is laid out once near the viewport (decision 22): there, as the visitor scrolls.
    await bringIntoView(page.locator("#books"));
    return { page, close: () => context.close() };
  }
  /** The keys of the stored covers, in the database every instance reads. */
  const coverKeys = async () => {
    const db = shop.openDatabase();
    try {
      return (await db.db.selectFrom("cover_images").select("key").orderBy("key").execute()).map((r) => r.key);
    } finally {
      await db.close();
    }
  };
  const keyOf = (url: string | null | undefined) => url!.slice("/covers/".length, -".webp".length);
  /** The stored cover URL of the book titled `title` (undefined when there is no such book). */
  const coverOf = async (title: string) => {
    const db = shop.openDatabase();
    try {
      return (await db.db.selectFrom("books").select("image_url").where("title", "=", title).executeTakeFirst())
        ?.image_url;
    } finally {
      await db.close();
    }
  };
  const bookCount = async () => {
    const db = shop.openDatabase();
    try {
      return (await db.db.selectFrom("books").select("id").execute()).length;
    } finally {
      await db.close();
    }
  };
  const imageLoaded = (image: Locator) =>
    expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  async function booksPage(): Promise<Page> {
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/books`);
    await waitForHydration(page);
    return page;
  }

  async function fillBook(
    page: Page,
    values: Partial<Record<keyof typeof BOOK | "stock" | "ageMin" | "ageMax", string>>,
  ) {
    const labels: Record<string, string> = {
      title: "Title",
      author: "Author",
      description: "Description",
      price: "Price ($)",
      originalPrice: "Original price ($)",
      badge: "Badge",
      rating: "Rating (0-5)",
      reviews: "Reviews",
      ageRange: "Age range",
      ageMin: "Youngest age",
      ageMax: "Oldest age",
      stock: "Stock",
      tags: "Tags",
    };
    for (const [key, value] of Object.entries(values)) await field(page, labels[key]!).fill(value);
  }

  beforeAll(async () => {
    filesDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-files-"));
    coverPath = path.join(filesDir, "esther.png");
    await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: "#7c4710",
        noise: { type: "gaussian", mean: 120, sigma: 40 },
      },
    })
      .png()
      .toFile(coverPath);
    fakePngPath = path.join(filesDir, "not-a-picture.png");
    writeFileSync(fakePngPath, "This is only text pretending to be a picture.\n");

    ({ server, browser } = shop);
    admin = await browser.newContext();
    await (await signInOwner(shop, admin)).close();
  });
  afterAll(async () => {
    await admin?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("lists the books with every column, and searches them", async () => {
    const page = await booksPage();
    await page.getByRole("heading", { name: "Book Management", level: 1 }).waitFor();
    const headers = await page.locator("thead th").allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(["Image", "Title", "Author", "Price", "Stock", "Actions"]);
    const total = await bookCount();
    expect(await page.getByTestId("book-row").count()).toBe(Math.min(total, 50));
    await page.getByText(`${total} books · page 1 of 1`).waitFor();
    expect(await page.locator("tbody td:nth-child(4)").first().innerText()).toMatch(/^\$\d+\.\d{2}$/);

    await page.getByLabel("Search books").fill("GOLIATH");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/search=GOLIATH/);
    await expect.poll(() => page.getByTestId("book-row").count()).toBe(1);
    await row(page, "David and Goliath").waitFor();
    await page.getByLabel("Search books").fill("no such book anywhere");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("No books found").waitFor();
    await page.close();
  });

  it("adds a book with a cover resized in the browser, with upload progress; the home page shows it first", async () => {
    const page = await booksPage();
    const before = await bookCount();
    await page.getByRole("button", { name: "Add New Book" }).click();
    await dialog(page).getByRole("heading", { name: "Add New Book" }).waitFor();
    await dialog(page).getByText("Images are resized to 800px max width/height").waitFor();
    await fillBook(page, BOOK);
    await field(page, "Upload cover").setInputFiles(coverPath);
    await dialog(page)
      .getByText(/Ready to upload: 800 × 600 px/)
      .waitFor();
    await imageLoaded(dialog(page).getByTestId("cover-preview"));

    // A slow uplink, so the progress bar is seen while the cover travels.
    const cdp = await admin.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await dialog(page).getByRole("button", { name: "Add Book" }).click();
    await dialog(page).getByRole("progressbar").waitFor();
    // The bar moves while the bytes go out, not only at the end.
    await dialog(page)
      .getByText(/Uploading\.\.\. [1-9]\d?%/)
      .waitFor();
    await expectToast(page, "Success! Book added successfully.");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();

    await dialog(page).waitFor({ state: "detached" });
    const added = row(page, BOOK.title);
    await added.waitFor();
    expect((await added.locator("td").allInnerTexts()).map((t) => t.trim())).toEqual([
      "",
      BOOK.title,
      BOOK.author,
      "$12.50",
      "N/A",
      "",
    ]);
    await imageLoaded(added.locator("img"));
    expect(await bookCount()).toBe(before + 1);

    // Stored as the server re-encoded it: WebP inside 800 px.
    const coverUrl = await coverOf(BOOK.title);
    expect(coverUrl).toMatch(/^\/covers\/[0-9a-f]{64}\.webp$/);
    const served = await fetch(new URL(coverUrl!, server.url));
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 600 });

    await page.close();

    const home = await visitorHome();
    const card = firstHomeCard(home.page);
    await expect(card.locator("h3").innerText()).resolves.toBe(BOOK.title);
    await card.locator("img").scrollIntoViewIfNeeded();
    await imageLoaded(card.locator("img"));
    expect(await card.locator("img").getAttribute("src")).toBe(coverUrl);
    await home.close();

    // Its tags are the catalogue's topics at once.
    const catalogue = await (await fetch(`${server.url}/books?q=esther&tag=Heroes+of+Faith`)).text();
    expect(catalogue).toContain(">Esther: For Such a Time as This</a>");
  });

  it("edits the book: the form starts from its values and the new price shows everywhere", async () => {
    const page = await booksPage();
    await page.getByRole("button", { name: `Edit ${BOOK.title}` }).click();
    await dialog(page).getByRole("heading", { name: "Edit Book" }).waitFor();
    expect(await field(page, "Title").inputValue()).toBe(BOOK.title);
    expect(await field(page, "Price ($)").inputValue()).toBe("12.50");
    expect(await field(page, "Original price ($)").inputValue()).toBe("16.00");
    expect(await field(page, "Rating (0-5)").inputValue()).toBe("4.7");
    expect(await field(page, "Stock").inputValue()).toBe("");
    expect(await field(page, "Tags").inputValue()).toBe("Old Testament, Heroes of Faith");
    // Added with the ages left empty: read from the age range "4-8".
    expect([await field(page, "Youngest age").inputValue(), await field(page, "Oldest age").inputValue()]).toEqual([
      "4",
      "8",
    ]);
    await imageLoaded(dialog(page).getByTestId("cover-preview"));
    await fillBook(page, { price: "15.75", stock: "7", ageMin: "5" });
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success! Book updated successfully.");
    await expect.poll(() => row(page, BOOK.title).locator("td").nth(3).innerText()).toBe("$15.75");
    expect(await row(page, BOOK.title).locator("td").nth(4).innerText()).toBe("7");

    await page.close();

    // The catalogue's age filter reads the ages typed: for 5 to 8 now, no longer for a 4-year-old.
    const forAge = async (age: number) => (await fetch(`${server.url}/books?q=esther&age=${age}`)).text();
    expect(await forAge(5)).toContain(">Esther: For Such a Time as This</a>");
    expect(await forAge(4)).not.toContain(">Esther: For Such a Time as This</a>");

    const home = await visitorHome();
    const card = firstHomeCard(home.page);
    await expect(card.locator("h3").innerText()).resolves.toBe(BOOK.title);
    expect(await card.innerText()).toContain("$15.75");
    await home.close();
  });

  it("keeps the stock that orders took while the Edit Book dialog was open", async () => {
    const page = await booksPage();
    await page.getByRole("button", { name: `Edit ${BOOK.title}` }).click();
    await dialog(page).getByRole("heading", { name: "Edit Book" }).waitFor();
    expect(await field(page, "Stock").inputValue()).toBe("7");
    // Three copies sell while the admin edits the price.
    const handle = shop.openDatabase();
    try {
      await handle.db
        .updateTable("books")
        .set((eb) => ({ stock: eb("stock", "-", 3) }))
        .where("title", "=", BOOK.title)
        .execute();
    } finally {
      await handle.close();
    }
    await fillBook(page, { price: "15.95" });
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success! Book updated successfully.");
    await expect.poll(() => row(page, BOOK.title).locator("td").nth(3).innerText()).toBe("$15.95");
    expect(await row(page, BOOK.title).locator("td").nth(4).innerText()).toBe("4");
    await page.close();
  });

  it("sends the list without descriptions, loads a book on Edit, and says so when it is gone", async () => {
    const handle = shop.openDatabase();
    try {
      const books = await handle.db
        .selectFrom("books")
        .select(["id", "title", "description"])
        .orderBy("created_at", "desc")
        .execute();
      // Neither the newest two (the home page's first card later) nor a book the tests below use.
      const [shown, gone] = books.filter(
        (book) => book.title !== BOOK.title && !/Ruth and Naomi|David and Goliath/.test(book.title),
      );
      const page = await booksPage();
      const html = await (await page.request.get(`${server.url}/admin/books`)).text();
      expect(html).toContain(`Edit ${shown!.title}`);
      expect(html).not.toContain(shown!.description);
      await page.getByRole("button", { name: `Edit ${shown!.title}` }).click();
      expect(await field(page, "Description").inputValue()).toBe(shown!.description);
      await dialog(page).getByRole("button", { name: "Cancel" }).click();
      await dialog(page).waitFor({ state: "detached" });

      // Another admin deletes a book while this page still lists it.
      await handle.db.deleteFrom("books").where("id", "=", gone!.id).execute();
      await page.getByRole("button", { name: `Edit ${gone!.title}` }).click();
      await expectToast(page, "Error loading book This book no longer exists.");
      expect(await dialog(page).count()).toBe(0);
      await page.close();
    } finally {
      await handle.close();
    }
  });

  it("refuses a file that is not an image, in the browser and on the server, saving nothing", async () => {
    const page = await booksPage();
    const before = await bookCount();
    const keysBefore = await coverKeys();
    await page.getByRole("button", { name: "Add New Book" }).click();
    await fillBook(page, { ...BOOK, title: "A Book With a Broken Cover" });
    await field(page, "Upload cover").setInputFiles(fakePngPath);
    await expectToast(page, `Image upload failed ${COMPRESSION_FAILED}`);
    await dialog(page).getByText(COMPRESSION_FAILED).waitFor();
    expect(await dialog(page).getByTestId("cover-preview").count()).toBe(0);
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await dialog(page).waitFor({ state: "detached" });

    // The server checks again whatever reaches it (a script, an old browser).
    const answer = await page.evaluate(async (title) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "create",
        title,
        author: "A",
        description: "D",
        price: "1",
      })) {
        form.set(name, value);
      }
      form.set("cover", new Blob(["not an image"], { type: "image/png" }), "cover.png");
      const response = await fetch("/admin/books.data", { method: "POST", body: form });
      return { status: response.status, text: await response.text() };
    }, "A Book With a Broken Cover");
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(COMPRESSION_FAILED);

    expect(await bookCount()).toBe(before);
    expect(await coverKeys()).toEqual(keysBefore);
    await page.reload();
    expect(await row(page, "A Book With a Broken Cover").count()).toBe(0);
    await page.close();
  });

  it("shows field errors for an empty title and a rating of 6, in the browser and from the server, saving nothing", async () => {
    const page = await booksPage();
    const before = await bookCount();
    await page.getByRole("button", { name: "Add New Book" }).click();
    await fillBook(page, { ...BOOK, title: "", rating: "6", ageMin: "9", ageMax: "5" });
    await dialog(page).getByRole("button", { name: "Add Book" }).click();
    await expectToast(page, "Error saving book Title is required.");
    await dialog(page).getByText("Title is required.").waitFor();
    await dialog(page).getByText("Rating must be a number from 0 to 5 with no more than 1 decimal.").waitFor();
    await dialog(page).getByText("Oldest age must be at least the youngest age.").waitFor();
    expect(await field(page, "Title").getAttribute("aria-invalid")).toBe("true");
    // Focus goes to the first field in error.
    expect(await field(page, "Title").evaluate((input) => input === document.activeElement)).toBe(true);
    // Filling the field takes its message away at once; the other field keeps its own.
    await field(page, "Title").fill("A Title At Last");
    await dialog(page).getByText("Title is required.").waitFor({ state: "detached" });
    expect(await field(page, "Title").getAttribute("aria-invalid")).not.toBe("true");
    await dialog(page).getByText("Rating must be a number from 0 to 5 with no more than 1 decimal.").waitFor();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();

    const answer = await page.evaluate(async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "create",
        title: " ",
        author: "A",
        description: "D",
        price: "-1",
        rating: "6",
        stock: "2.5",
        ageMin: "19",
      })) {
        form.set(name, value);
      }
      const response = await fetch("/admin/books.data", { method: "POST", body: form });
      return { status: response.status, text: await response.text() };
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Title is required.");
    expect(answer.text).toContain("Stock must be a whole number of at least 0.");
    expect(answer.text).toContain("Youngest age must be a whole number from 0 to 18.");
    expect(await bookCount()).toBe(before);
    await page.close();
  });

  it("has no page-wide horizontal overflow at 360 px and no axe violations with the modal open", async () => {
    const page = await booksPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await waitForHydration(page);
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    // The table scrolls inside its own box instead.
    const scroller = page.getByTestId("books-table-scroll");
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The modal fits a phone too.
    await page.getByRole("button", { name: "Add New Book" }).click();
    await dialog(page).getByRole("heading", { name: "Add New Book" }).waitFor();
    expect(await dialog(page).evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Add New Book" }).click();
    await dialog(page).getByRole("heading", { name: "Add New Book" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("deletes the book after the exact question; it leaves the table and the home page", async () => {
    const page = await booksPage();
    const before = await bookCount();
    const coverUrl = await coverOf(BOOK.title);
    expect(await coverKeys()).toContain(keyOf(coverUrl));
    await page.getByRole("button", { name: `Delete ${BOOK.title}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("heading", { name: DELETE_QUESTION }).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Book deleted The book has been removed.");
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => row(page, BOOK.title).count()).toBe(0);
    expect(await bookCount()).toBe(before - 1);
    // Its cover goes with it.
    expect(await coverKeys()).not.toContain(keyOf(coverUrl));

    await page.close();

    const home = await visitorHome();
    await expect(firstHomeCard(home.page).locator("h3").innerText()).resolves.toBe(
      "Ruth and Naomi: Where You Go, I Will Go",
    );
    expect(await home.page.getByText(BOOK.title).count()).toBe(0);
    await home.close();
  });

  it("deleting a book that past orders hold keeps those order lines", async () => {
    const title = "David and Goliath: The Shepherd Boy's Courage";
    const linesOf = async () => {
      const db = shop.openDatabase();
      try {
        return await db.db
          .selectFrom("order_items")
          .select(["order_id", "title", "unit_price_cents", "quantity", "book_id"])
          .where("title", "=", title)
          .orderBy("order_id")
          .execute();
      } finally {
        await db.close();
      }
    };
    const linesBefore = await linesOf();
    expect(linesBefore.length).toBeGreaterThan(0);

    const page = await booksPage();
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Book deleted");
    await expect.poll(() => row(page, title).count()).toBe(0);
    expect(await linesOf()).toEqual(linesBefore.map((line) => ({ ...line, book_id: null })));
    await page.close();
  });
});

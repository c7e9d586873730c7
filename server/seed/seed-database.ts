import { randomUUID } from "node:crypto";
import { bookColumns } from "#server/books/book.ts";
import { slugifyTitle } from "#server/books/book-slug.ts";
import { coverUrl, webpCover, type CoverStore } from "#server/covers/cover-store.ts";
import { putCoverWithVariants, withVariants, type CoverWithVariants } from "#server/covers/cover-variants.ts";
import { DatabaseCoverStore } from "#server/covers/database-cover-store.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { linkSeedBundleBooks } from "./bundle-contents.ts";
import { SEED_BOOKS } from "./catalogue.ts";
import { generateBookCover } from "./book-covers.ts";
import { SEED_ORDERS } from "./sample-orders.ts";
import type { AppServices } from "#server/services.ts";

export interface SeedResult {
  seeded: boolean;
  books: number;
  orders: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

// The tests seed one database per test: like the drawn covers (book-covers.ts), their smaller
// copies are made once per process. A failed drawing is not kept: the next seed tries again.
const seedCovers = new Map<string, Promise<CoverWithVariants>>();

function seedCover(bytes: Buffer): Promise<CoverWithVariants> {
  const cover = webpCover(bytes);
  let made = seedCovers.get(cover.key);
  if (!made) {
    made = withVariants(cover);
    seedCovers.set(cover.key, made);
    made.catch(() => seedCovers.delete(cover.key));
  }
  return made;
}

/**
 * Fills an empty database with the demo catalogue and the default store settings, and with the
 * sample orders when `sampleOrders` (made-up customers and guessable ids: for development, tests
 * and demonstrations, never a live shop unless asked for; the start-up and `npm run db:seed`
 * decide, see boot.ts). The settings row marks a database as set up: once it exists the seed
 * never runs again, even if an admin later deletes every book.
 */
export async function seedDatabase(
  { db, clock, covers: coverStore }: Pick<AppServices, "db" | "clock"> & { covers?: CoverStore },
  { sampleOrders }: { sampleOrders: boolean },
): Promise<SeedResult> {
  const existing = await db.selectFrom("store_settings").select("id").executeTakeFirst();
  if (existing) return { seeded: false, books: 0, orders: 0 };

  const now = clock();
  const covers = coverStore ?? new DatabaseCoverStore(db);
  // Covers are drawn before the transaction (sharp's work), stored inside it with their books.
  const drawn = await Promise.all(
    SEED_BOOKS.map(async (book) => seedCover(await generateBookCover(book.title, book.author, book.colors))),
  );
  const books = SEED_BOOKS.map((book, index) => {
    const slug = slugifyTitle(book.title);
    const createdAt = new Date(now.getTime() - (SEED_BOOKS.length - index) * DAY_MS).toISOString();
    return {
      id: randomUUID(),
      slug,
      ...bookColumns(book),
      image_url: coverUrl(drawn[index]!.cover.key),
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  const bookByTitle = new Map(books.map((b) => [b.title, b]));

  return db.transaction().execute(async (trx) => {
    // Decided by the settings row's insert, not by a read: two instances starting together both
    // read "empty"; the second insert waits for the first transaction and then inserts nothing.
    if (!(await insertDefaultSettings(trx, { now }))) return { seeded: false, books: 0, orders: 0 };

    for (const cover of drawn) await putCoverWithVariants(covers, trx, cover);
    await trx.insertInto("books").values(books).execute();
    await linkSeedBundleBooks({ db: trx });

    const orders = sampleOrders ? SEED_ORDERS : [];
    for (const order of orders) {
      const items = order.items.map((item, position) => {
        const book = bookByTitle.get(item.title);
        if (!book) throw new Error(`Seed order ${order.id} names an unknown book: ${item.title}`);
        return {
          id: randomUUID(),
          order_id: order.id,
          book_id: book.id,
          title: book.title,
          unit_price_cents: book.price_cents,
          quantity: item.quantity,
          position,
        };
      });
      const lastUpdate = order.history.at(-1)?.at ?? order.orderDate;
      const total = items.reduce((sum, item) => sum + item.unit_price_cents * item.quantity, 0);
      await trx
        .insertInto("orders")
        .values({
          id: order.id,
          order_date: order.orderDate,
          customer_email: order.customerEmail,
          total_cents: total,
          // Samples from before checkout count as paid in full, with no shipping (decision 9).
          subtotal_cents: total,
          amount_paid_cents: total,
          status: order.status,
          estimated_delivery: order.estimatedDelivery,
          updated_at: lastUpdate,
        })
        .execute();
      await trx.insertInto("order_items").values(items).execute();
      await trx
        .insertInto("order_status_history")
        .values(
          order.history.map((step) => ({
            id: randomUUID(),
            order_id: order.id,
            status: step.status,
            location: step.location,
            occurred_at: step.at,
          })),
        )
        .execute();
    }

    return { seeded: true, books: books.length, orders: orders.length };
  });
}

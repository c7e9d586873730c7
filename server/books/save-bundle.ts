import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { BUNDLE_ID_PREFIX, type BundleInput } from "#common/books/bundle-schema.ts";
import { isForeignKeyViolation } from "#server/db/database-errors.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

export type SaveBundleDeps = Pick<AppServices, "db" | "clock">;

const UNKNOWN_TITLE = "A chosen title is no longer in the catalogue. Please choose the bundle's titles again.";

/**
 * Creates a bundle or class set from existing titles and counts (decision 38), with its own
 * price and texts, in one transaction: the row (its book count the sum of the counts), then its
 * parts. A title that is not in the catalogue (or is deleted meanwhile) refuses the whole save.
 * Its id starts with "pkg-", as every bundle's (price-cart.ts tells bundles by it).
 */
export async function createBundle(deps: SaveBundleDeps, input: BundleInput): Promise<{ id: string; name: string }> {
  const now = deps.clock().toISOString();
  const id = `${BUNDLE_ID_PREFIX}${slugOf(input.name)}-${randomUUID().slice(0, 6)}`;
  await writeSafely(deps.db, async (trx) => {
    await checkTitles(trx, input);
    const last = await trx
      .selectFrom("bundles")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    await trx
      .insertInto("bundles")
      .values({ id, ...columns(input), position: Number(last?.position ?? -1) + 1, created_at: now, updated_at: now })
      .execute();
    await writeParts(trx, id, input);
  });
  return { id, name: input.name };
}

/**
 * Replaces a bundle's price, texts and parts. Orders already placed keep their own title and
 * price, and give back the books they took (order_bundle_units), whatever the bundle becomes.
 */
export async function updateBundle(
  deps: SaveBundleDeps,
  input: BundleInput & { id: string },
): Promise<{ id: string; name: string }> {
  const now = deps.clock().toISOString();
  await writeSafely(deps.db, async (trx) => {
    await checkTitles(trx, input);
    const updated = await trx
      .updateTable("bundles")
      .set({ ...columns(input), updated_at: now })
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError("NOT_FOUND", "Bundle not found.");
    await trx.deleteFrom("bundle_books").where("bundle_id", "=", input.id).execute();
    await writeParts(trx, input.id, input);
  });
  return { id: input.id, name: input.name };
}

/**
 * Deletes a bundle and its parts. Past orders keep their lines (title and price copied; the
 * foreign key clears their bundle_id), and unpaid ones still give back the books they took.
 */
export async function deleteBundle(
  deps: Pick<AppServices, "db">,
  input: { id: string },
): Promise<{ id: string; name: string }> {
  const deleted = await deps.db
    .deleteFrom("bundles")
    .where("id", "=", input.id)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!deleted) throw new AppError("NOT_FOUND", "Bundle not found.");
  return deleted;
}

function columns(input: BundleInput) {
  return {
    name: input.name,
    description: input.description,
    price_cents: input.price,
    original_price_cents: input.originalPrice,
    savings: input.savings,
    book_count: input.parts.reduce((sum, part) => sum + part.quantity, 0),
    features: JSON.stringify(input.features),
    popular: input.popular,
  };
}

async function checkTitles(trx: Transaction<Database>, input: BundleInput): Promise<void> {
  const ids = input.parts.map((part) => part.bookId);
  const found = await trx.selectFrom("books").select("id").where("id", "in", ids).execute();
  if (found.length !== new Set(ids).size) {
    throw new AppError("VALIDATION", UNKNOWN_TITLE, { fieldErrors: { parts: UNKNOWN_TITLE } });
  }
}

async function writeParts(trx: Transaction<Database>, bundleId: string, input: BundleInput): Promise<void> {
  await trx
    .insertInto("bundle_books")
    .values(
      input.parts.map((part, position) => ({
        bundle_id: bundleId,
        book_id: part.bookId,
        quantity: part.quantity,
        position,
      })),
    )
    .execute();
}

/** A title deleted between the check and the insert fails the foreign key: the same refusal, not a 500. */
async function writeSafely(db: Kysely<Database>, write: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  try {
    await db.transaction().execute(write);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError("VALIDATION", UNKNOWN_TITLE, { fieldErrors: { parts: UNKNOWN_TITLE } });
    }
    throw error;
  }
}

function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "bundle";
}

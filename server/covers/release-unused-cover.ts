import type { Kysely } from "kysely";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { coverKeyFromUrl, coverUrl, type CoverStore } from "./cover-store.ts";
import { coverAndVariantKeys } from "./cover-variants.ts";

export interface ReleaseCoverDeps {
  db: Kysely<Database>;
  database: Pick<DatabaseHandle, "engine">;
  covers: CoverStore;
  logger: Logger;
}

/**
 * Deletes a stored cover that a committed change (a book deleted, a cover replaced) has just let
 * go of, unless a book still shows it: content-addressed, two books may share one image.
 *
 * The delete carries its own `NOT EXISTS` condition (no read-then-write), and on PostgreSQL the
 * row is locked first: a book that is taking the same cover at this moment has upserted (and so
 * locked) that row in its own transaction, so this waits for it, and the delete's fresh snapshot
 * then sees the book. SQLite runs one writer at a time. The cover's smaller copies (decision 18)
 * go in the same statement: they are stored under the same lock (see putCoverWithVariants).
 * Returns whether the cover was deleted.
 *
 * Runs after the change is committed, so a failure here must not fail the operation: the admin
 * would retry something that already happened, and a leftover image only costs space.
 */
export async function releaseUnusedCover(deps: ReleaseCoverDeps, input: { imageUrl: string | null }): Promise<boolean> {
  const key = coverKeyFromUrl(input.imageUrl);
  if (!key) return false;
  const url = coverUrl(key);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (deps.database.engine === "postgres") {
        await trx.selectFrom("cover_images").select("key").where("key", "=", key).forUpdate().execute();
      }
      const deleted = await trx
        .deleteFrom("cover_images")
        .where("key", "in", coverAndVariantKeys(key))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("books").select("books.id").where("books.image_url", "=", url))),
        )
        .returning("key")
        .execute();
      // Inside the transaction, while the row's deletion still holds its lock: a concurrent
      // upload of the same image waits, then writes the rows and the objects again.
      for (const row of deleted) await deps.covers.delete(row.key);
      return deleted.some((row) => row.key === key);
    });
  } catch (error) {
    deps.logger.warn({ err: error, key }, "an unused cover could not be deleted; it stays in the store");
    return false;
  }
}

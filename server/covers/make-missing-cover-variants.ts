import type { Kysely } from "kysely";
import { COVER_VARIANT_WIDTHS, coverVariantKey } from "#common/books/cover-limits.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { COVER_CONTENT_TYPE, type CoverStore } from "./cover-store.ts";
import { drawCoverVariants } from "./cover-variants.ts";

export interface MakeMissingCoverVariantsDeps {
  db: Kysely<Database>;
  database: Pick<DatabaseHandle, "engine">;
  covers: CoverStore;
  logger: Logger;
}

export interface MakeMissingCoverVariantsResult {
  /** Covers that got their missing copies. */
  made: number;
  /** Covers whose bytes the store no longer has: left as they are, logged. */
  missing: number;
  /** Covers the store could not be asked about (a bucket unreachable): retried at the next start. */
  failed: number;
}

/**
 * Start-up step, after the migrations and the moving-in of file covers: every stored cover that
 * lacks one of its smaller copies (decision 18) gets it, so covers from before (and covers moved
 * in from files) are offered in `srcset` like new ones. Runs once per cover: afterwards nothing
 * matches, and the start costs one query.
 *
 * Safe with several instances starting at once: the copies are upserts under fixed keys, written
 * in one transaction per cover that first locks the cover's row (PostgreSQL `FOR UPDATE`) and
 * skips a cover released meanwhile, so a release never leaves copies behind (see
 * release-unused-cover.ts). The drawing (sharp) happens before the transaction.
 */
export async function makeMissingCoverVariants(
  deps: MakeMissingCoverVariantsDeps,
): Promise<MakeMissingCoverVariantsResult> {
  const rows = await deps.db.selectFrom("cover_images").select("key").orderBy("key").execute();
  const stored = new Set(rows.map((row) => row.key));
  const result: MakeMissingCoverVariantsResult = { made: 0, missing: 0, failed: 0 };
  // A cover's key is its SHA-256 alone; its variants' keys carry a "-<width>w" suffix.
  for (const key of stored) {
    if (key.includes("-")) continue;
    const widths = COVER_VARIANT_WIDTHS.filter((width) => !stored.has(coverVariantKey(key, width)));
    if (widths.length === 0) continue;
    try {
      const original = await deps.covers.get(key);
      if (!original) {
        result.missing++;
        deps.logger.warn({ key }, "a stored cover's image is missing; no smaller copies made for it");
        continue;
      }
      const variants = await drawCoverVariants(
        { key, sha256: key, contentType: COVER_CONTENT_TYPE, bytes: original.bytes },
        widths,
      );
      const made = await deps.db.transaction().execute(async (trx) => {
        let cover = trx.selectFrom("cover_images").select("key").where("key", "=", key);
        if (deps.database.engine === "postgres") cover = cover.forUpdate();
        if (!(await cover.executeTakeFirst())) return false;
        for (const variant of variants) await deps.covers.put(trx, variant);
        return true;
      });
      if (made) result.made++;
    } catch (error) {
      // A bucket that is down must not keep the shop from starting: meanwhile the cover route
      // answers a missing copy with the cover itself, and the next start tries again.
      result.failed++;
      deps.logger.warn({ err: error, key }, "smaller copies of a cover could not be made; retried at the next start");
    }
  }
  if (result.made > 0 || result.missing > 0 || result.failed > 0) {
    deps.logger.info(result, "smaller copies of existing covers made for srcset");
  }
  return result;
}

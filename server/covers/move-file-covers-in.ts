import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import { coverUrl, isWebp, webpCover, type CoverStore } from "./cover-store.ts";

/** Where covers were kept before decision 10: files under DATA_DIR/uploads/covers, served at this prefix. */
export const LEGACY_COVERS_URL_PREFIX = "/uploads/covers/";

export interface MoveFileCoversDeps {
  db: Kysely<Database>;
  covers: CoverStore;
  logger: Logger;
  clock: Clock;
  /** DATA_DIR/uploads of this instance. */
  uploadsDir: string;
}

export interface MoveFileCoversResult {
  moved: number;
  missing: number;
}

/**
 * The file behind a legacy cover URL, or null when the URL is not a plain file name directly in
 * `uploadsDir/covers` ("/uploads/covers/../../app-secret" never reads anything else).
 */
export function legacyCoverFile(uploadsDir: string, imageUrl: string): string | null {
  if (!imageUrl.startsWith(LEGACY_COVERS_URL_PREFIX)) return null;
  const name = imageUrl.slice(LEGACY_COVERS_URL_PREFIX.length);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.webp$/.test(name)) return null;
  const dir = path.resolve(uploadsDir, "covers");
  const file = path.resolve(dir, name);
  return path.dirname(file) === dir ? file : null;
}

/**
 * Start-up step, after the migrations: every book whose cover is still a file of this instance's
 * DATA_DIR/uploads/covers gets it moved into the store and its image_url rewritten to
 * /covers/<key>.webp; the old URL is remembered so that it redirects. Idempotent (a moved book no
 * longer matches) and safe with several instances starting at once: the cover is an upsert, the
 * alias too, and the book is rewritten only if it still shows the old URL (compare-and-set), all
 * in one transaction per book. A missing or unreadable file is logged and the book left as it is
 * (another instance may hold that file and move it). Files are never deleted.
 */
export async function moveFileCoversIn(deps: MoveFileCoversDeps): Promise<MoveFileCoversResult> {
  const books = await deps.db
    .selectFrom("books")
    .select(["id", "image_url"])
    .where("image_url", "like", `${LEGACY_COVERS_URL_PREFIX}%`)
    // One order on every instance, so two starting together take the rows' locks in the same order.
    .orderBy("id")
    .execute();
  const result: MoveFileCoversResult = { moved: 0, missing: 0 };
  for (const book of books) {
    const oldUrl = book.image_url!;
    const file = legacyCoverFile(deps.uploadsDir, oldUrl);
    let bytes: Buffer | null = null;
    if (file) {
      try {
        bytes = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    if (!bytes || !isWebp(bytes)) {
      result.missing++;
      deps.logger.warn({ bookId: book.id, imageUrl: oldUrl }, "cover file not found here; the book keeps its old URL");
      continue;
    }
    const cover = webpCover(bytes);
    await deps.db.transaction().execute(async (trx) => {
      await deps.covers.put(trx, cover);
      await trx
        .insertInto("cover_image_aliases")
        .values({ old_url: oldUrl, key: cover.key, created_at: deps.clock().toISOString() })
        .onConflict((oc) => oc.column("old_url").doNothing())
        .execute();
      await trx
        .updateTable("books")
        .set({ image_url: coverUrl(cover.key) })
        .where("id", "=", book.id)
        .where("image_url", "=", oldUrl)
        .execute();
    });
    result.moved++;
  }
  if (result.moved > 0 || result.missing > 0) {
    deps.logger.info(
      result,
      "covers moved from DATA_DIR/uploads/covers into the store (the folder can be removed once none is missing)",
    );
  }
  return result;
}

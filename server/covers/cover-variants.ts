import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { COVER_VARIANT_WIDTHS, coverVariantKey } from "#common/books/cover-limits.ts";
import type { Database } from "#server/db/schema.ts";
import { COVER_CONTENT_TYPE, type CoverImage, type CoverStore } from "./cover-store.ts";

// A little below the covers' own 82: at these sizes the difference does not show, the bytes do.
const VARIANT_WEBP_QUALITY = 78;

/** A cover with the smaller copies `srcset` offers (decision 18), stored and released together. */
export interface CoverWithVariants {
  cover: CoverImage;
  variants: CoverImage[];
}

/** The keys a stored cover occupies: its own and its variants'. */
export function coverAndVariantKeys(key: string): string[] {
  return [key, ...COVER_VARIANT_WIDTHS.map((width) => coverVariantKey(key, width))];
}

/**
 * The smaller copies of a cover at `widths` (all by default), WebP, never enlarged (a narrow cover's
 * copy keeps its width). Keyed by the cover's key and the width, so every instance names them
 * alike; sharp's work, so made before any transaction.
 */
export async function drawCoverVariants(
  cover: CoverImage,
  widths: readonly number[] = COVER_VARIANT_WIDTHS,
): Promise<CoverImage[]> {
  // Loaded here, not at the top: only an upload, the seed or the start-up step that draws missing
  // copies needs sharp, and at the top every page's server bundle would hold it (decision 17).
  const { default: sharp } = await import("sharp");
  return Promise.all(
    widths.map(async (width) => {
      const bytes = await sharp(cover.bytes)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: VARIANT_WEBP_QUALITY })
        .toBuffer();
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      return { key: coverVariantKey(cover.key, width), sha256, contentType: COVER_CONTENT_TYPE, bytes };
    }),
  );
}

/** A cover and its variants, ready to be stored (see putCoverWithVariants). */
export async function withVariants(cover: CoverImage): Promise<CoverWithVariants> {
  return { cover, variants: await drawCoverVariants(cover) };
}

/**
 * Stores a cover and then its variants in `trx`, the transaction that makes a book show it. The
 * cover's row first: it is the one a release locks, so the variants are covered by that lock too.
 */
export async function putCoverWithVariants(
  covers: CoverStore,
  trx: Kysely<Database>,
  { cover, variants }: CoverWithVariants,
): Promise<void> {
  await covers.put(trx, cover);
  for (const variant of variants) await covers.put(trx, variant);
}

import type { Context, Hono } from "hono";
import { COVER_URL_PREFIX, coverUrl, isCoverKey, type StoredCover } from "#server/covers/cover-store.ts";
import { LEGACY_COVERS_URL_PREFIX, legacyCoverFile } from "#server/covers/move-file-covers-in.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
// A smaller copy not made yet (decision 18) is answered with the cover itself, briefly cached, so
// the copy is fetched once it exists.
const STAND_IN = "public, max-age=300";
const VARIANT_KEY = /^([0-9a-f]{64})-[0-9]+w$/;

/**
 * /covers/<key>.webp from the cover store, and the redirects of the covers' old /uploads URLs.
 * Registered before the page middleware (no session, no gates): covers are public assets and
 * show while Coming Soon is on, as files under /uploads did.
 *
 * A key names fixed bytes (content-addressed), so the answer is cached for a year as immutable,
 * its ETag is the key itself, and a matching If-None-Match gets 304 without reading anything. A
 * malformed key is a 404 before any query. A cover's smaller copy that the store lacks (its
 * start-up step could not reach a bucket) is answered with the cover itself, not for a year.
 */
export function coverRoutes(app: Hono<AppEnv>, services: AppServices): void {
  app.get(`${COVER_URL_PREFIX}:file`, async (c) => {
    const file = c.req.param("file");
    const key = file.endsWith(".webp") ? file.slice(0, -".webp".length) : "";
    if (!isCoverKey(key)) return notFound(c);
    const etag = `"${key}"`;
    const headers = { "Cache-Control": IMMUTABLE, ETag: etag, "X-Content-Type-Options": "nosniff" };
    if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    const cover = await services.covers.get(key);
    if (!cover) {
      const coverKey = VARIANT_KEY.exec(key)?.[1];
      const original = coverKey ? await services.covers.get(coverKey) : null;
      if (!original) return notFound(c);
      return imageResponse(c, original, { "Cache-Control": STAND_IN, "X-Content-Type-Options": "nosniff" });
    }
    if (c.req.header("if-none-match")?.trim() === "*") return c.body(null, 304, headers);
    return imageResponse(c, cover, headers);
  });

  // Bookmarks and sent mails still name the old files: redirected when the file was moved in.
  app.get(`${LEGACY_COVERS_URL_PREFIX}:file`, async (c) => {
    const oldUrl = `${LEGACY_COVERS_URL_PREFIX}${c.req.param("file")}`;
    if (!legacyCoverFile(services.uploadsDir, oldUrl)) return notFound(c);
    const alias = await services.db
      .selectFrom("cover_image_aliases")
      .select("key")
      .where("old_url", "=", oldUrl)
      .executeTakeFirst();
    if (!alias) return notFound(c);
    return c.redirect(coverUrl(alias.key), 301);
  });
  app.get("/uploads/*", (c) => notFound(c));
  app.get(`${COVER_URL_PREFIX}*`, (c) => notFound(c));
}

function imageResponse(c: Context<AppEnv>, cover: StoredCover, headers: Record<string, string>): Response {
  return c.body(new Uint8Array(cover.bytes), 200, {
    ...headers,
    "Content-Type": cover.contentType,
    "Content-Length": String(cover.bytes.byteLength),
  });
}

function notFound(c: Context<AppEnv>): Response {
  return c.text("Not found", 404, { "X-Content-Type-Options": "nosniff" });
}

/**
 * If-None-Match: a list of entity tags, weak ones compared by their value (RFC 9110 §13.1.2).
 * "*" is answered after the read: it matches only a cover that exists, which only the store knows.
 */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

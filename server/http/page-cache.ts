import { createHash } from "node:crypto";
import { gunzipSync, inflateSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { isbot } from "isbot";
import { neverCachedPaths } from "#common/pages/site-paths.ts";
import { SESSION_COOKIE_PREFIX, type ResolvedViewer, type Viewer } from "#server/accounts/viewer.ts";
import type { BackgroundTasks } from "#server/jobs/background-tasks.ts";
import type { AppEnv } from "./app-variables.ts";
import { FLASH_COOKIE } from "./flash.ts";
import type { PageGeneration } from "./page-generation.ts";
import { isUnder, routePath } from "./route-path.ts";

/**
 * Whole pages (documents and their `.data` requests) stored as sent (compressed once, by the
 * compress middleware behind this one) and served again while the database's page generation has
 * not moved (decision 17). Two audiences, never mixed: visitors without a session, and signed-in
 * customers, whose public pages differ from a visitor's only in the account links (decision 26).
 */

/** Bounded by the bytes held (bodies, keys, headers), least recently used out first. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A larger page is served as rendered and not kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;
/**
 * What an entry holds beyond its counted strings and body: the header arrays, the entry object,
 * its map slot, the body's ArrayBuffer (measured: about 80 MB of heap and buffers for 60,000
 * small pages counted as 31.6 MB before this was added and bodies got buffers of their own).
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Address prefixes whose answers are someone's own or depend on more than the address: the admin
 * area and every address of common/pages/site-paths.ts marked not cacheable.
 */
const NEVER_CACHED = neverCachedPaths();

/** The one encoding the compress middleware offers pages in (create-app.ts). */
export const PAGE_ENCODING = "gzip";

/** Headers that belong to one response only; a stored page keeps all others (type, encoding, Vary). */
const NOT_STORED_HEADERS = new Set(["content-length", "date", "set-cookie", "x-page-cache"]);

interface CachedPage {
  generation: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** Base64 SHA-256 of each inline script the page was rendered with (its nonce's scripts). */
  scriptHashes: string[];
  bytes: number;
}

/**
 * Pages whose address has a query string (a catalogue page, a search, or any made-up parameter)
 * hold at most this share of the budget: however many such addresses a client invents, they push
 * out only each other, never the plain pages everybody asks for.
 */
const QUERY_PAGES_SHARE = 0.25;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private heldBytes = 0;
  private queryPagesBytes = 0;

  constructor(private readonly maxBytes = PAGE_CACHE_MAX_BYTES) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, generation: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation) {
      this.remove(key, entry);
      return undefined;
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    if (entry.bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.heldBytes += entry.bytes;
    if (hasQuery(key)) this.queryPagesBytes += entry.bytes;
    const queryBudget = this.maxBytes * QUERY_PAGES_SHARE;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.heldBytes <= this.maxBytes && this.queryPagesBytes <= queryBudget) break;
      if (this.heldBytes > this.maxBytes || hasQuery(oldestKey)) this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
    if (hasQuery(key)) this.queryPagesBytes -= entry.bytes;
  }
}

/** Whether a cache key's address (its last part) has a query string. */
function hasQuery(key: string): boolean {
  return key.includes("?");
}

/**
 * In front of the compress middleware and everything that reads a session: answers a cacheable
 * request from the cache, or lets it render and keeps the answer when it is one for everybody.
 * The answer is kept once its body has streamed, as one of `backgroundTasks` (tests wait on them).
 */
export function pageCacheMiddleware(
  cache: PageCache,
  generation: PageGeneration,
  sessionOf: (c: Context<AppEnv>) => Promise<ResolvedViewer>,
  backgroundTasks: BackgroundTasks,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const keyed = await cacheKey(c, sessionOf);
    if (keyed === null) return next();
    const { key, audience } = keyed;
    const current = await generation.current();
    if (current === null) return next();

    const hit = cache.get(key, current);
    if (hit) {
      c.set("cachedPageScriptHashes", hit.scriptHashes);
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      // A Uint8Array body goes to the socket as it is (@hono/node-server's fast path): no copy.
      return new Response(hit.body, { status: hit.status, headers });
    }

    await next();
    const response = c.res;
    const viewer = c.get("viewer");
    if (!isForAudience(c, response, audience) || !response.body) return;
    const nonce = c.get("cspNonce");
    const [toClient, toCache] = response.body.tee();
    const headers = new Headers(response.headers);
    headers.set("X-Page-Cache", "miss");
    c.res = new Response(toClient, { status: response.status, headers });
    backgroundTasks.start(async () => {
      const body = await keep(toCache);
      if (!body) return;
      const text = decoded(body, response);
      // Belt and braces: a customer's page that names its viewer is theirs alone.
      if (viewer && mentions(text, viewer)) return;
      const stored = [...response.headers].filter(([name]) => !NOT_STORED_HEADERS.has(name));
      const scriptHashes = isHtml(response) ? inlineScriptHashes(text, nonce) : [];
      const bytes =
        body.byteLength +
        key.length * 2 +
        JSON.stringify(stored).length * 2 +
        scriptHashes.length * 100 +
        ENTRY_OVERHEAD_BYTES;
      cache.set(key, { generation: current, status: response.status, headers: stored, body, scriptHashes, bytes });
    }, "a page could not be kept in the page cache");
  };
}

/** Who a stored page is for: a visitor without a session, or any signed-in customer. */
type Audience = "visitor" | "customer";

/**
 * The page's audience, address, how it is encoded, and whether a crawler asks (crawlers get
 * whole documents); null when the answer may not come from the cache or go into it. The session
 * is looked up only for a cacheable address: an admin's pages carry the admin's links, and a
 * dead or sliding session must set its cookie, so those are always rendered.
 */
async function cacheKey(
  c: Context<AppEnv>,
  sessionOf: (c: Context<AppEnv>) => Promise<ResolvedViewer>,
): Promise<{ key: string; audience: Audience } | null> {
  const cookies = c.req.header("cookie");
  if (cookies?.includes(`${FLASH_COOKIE}=`)) return null;
  const { path } = routePath(new URL(c.req.url).pathname);
  if (NEVER_CACHED.some((prefix) => isUnder(path, prefix))) return null;
  let audience: Audience = "visitor";
  if (cookies?.includes(SESSION_COOKIE_PREFIX)) {
    const { viewer, headers } = await sessionOf(c);
    if (!viewer || viewer.isAdmin || headers.getSetCookie().length > 0) return null;
    audience = "customer";
  }
  const userAgent = c.req.header("user-agent");
  const crawler = userAgent ? isbot(userAgent) : false;
  const encoding = pageEncoding(c.req.header("accept-encoding"));
  return { key: `${audience} ${crawler ? "bot" : "browser"} ${encoding} ${c.req.url}`, audience };
}

/**
 * What the compress middleware will send for this Accept-Encoding: gzip if the client takes it
 * (named with a q above 0, or not named and `*` above 0, as hono's compress decides), else the
 * page as it is. Keyed on this rather than on the header, so the many ways browsers write it
 * ("gzip, deflate, br, zstd", "br, gzip", …) share one entry, and made-up headers add none.
 */
function pageEncoding(header: string | undefined): typeof PAGE_ENCODING | "identity" {
  if (header === undefined) return "identity";
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === PAGE_ENCODING);
  const q = named ? named.q : (accepts.find((accept) => accept.type === "*")?.q ?? 0);
  return q > 0 ? PAGE_ENCODING : "identity";
}

/**
 * Only a plain 200 that nothing made personal: no cookie set, no message behind it, not during
 * Coming Soon. A visitor's page says nothing private or no-store (the maintenance gate's Coming
 * Soon page says no-store); a customer's only what the session middleware marks every signed-in
 * answer with, and it was rendered for a customer, not an admin.
 */
function isForAudience(c: Context<AppEnv>, response: Response, audience: Audience): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (c.get("flash") || c.get("maintenance") || c.get("shopClosed")) return false;
  const viewer = c.get("viewer");
  if (audience === "customer") return viewer !== null && !viewer.isAdmin && c.get("privateForViewer") === true;
  return !viewer && !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
}

/** Whether a page names its viewer: their e-mail address or account id. */
function mentions(text: string, viewer: Viewer): boolean {
  const lower = text.toLowerCase();
  return lower.includes(viewer.email.toLowerCase()) || text.includes(viewer.userId);
}

function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}

/** The whole body, or null when it is too large to keep or the stream failed (a client went away). */
async function keep(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > MAX_ENTRY_BYTES) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  // A buffer of its own: a small body from Buffer.concat is a slice of a shared 8 kB pool block,
  // which its entry would keep alive whole (a cache of small pages held 2.5 times its budget).
  const body = new Uint8Array(new ArrayBuffer(length));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function decoded(body: Uint8Array, response: Response): string {
  const encoding = response.headers.get("content-encoding");
  const plain = encoding === "gzip" ? gunzipSync(body) : encoding === "deflate" ? inflateSync(body) : body;
  return Buffer.from(plain).toString("utf8");
}

/**
 * The hashes a Content-Security-Policy needs to allow the inline scripts this page was rendered
 * with: those carrying the response's nonce, and no other (a script the renderer did not mark
 * stays blocked, as it was under the nonce).
 */
export function inlineScriptHashes(html: string, nonce: string | undefined): string[] {
  if (!nonce) return [];
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || !attributes.includes(`nonce="${nonce}"`)) continue;
    hashes.add(createHash("sha256").update(content, "utf8").digest("base64"));
  }
  return [...hashes];
}

import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "./route-path.ts";

const KB = 1024;
const MB = 1024 * KB;

/** How much a route's form may send, and how long the client has to send it. */
export interface BodyLimit {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Every form of the site is a few short fields: sign-in, sign-up, profile, newsletter, order
 * status, deletes. 16 KB holds the longest of them even when every character is non-ASCII
 * (up to 9 bytes each once URL-encoded), and a stalled or slow client holds at most that much.
 */
export const DEFAULT_BODY_LIMIT: BodyLimit = { maxBytes: 16 * KB, timeoutMs: 10_000 };

/**
 * The forms that are larger, by page path (a route's `.data` request has the same limit).
 * Cover uploads: a file of at most 10 MB (COVER_LIMITS in server/books/cover-image.ts) plus the
 * book's fields; only admins get that far (the admin gate answers before the body is read), and
 * a slow connection needs minutes for 10 MB.
 */
export const ROUTE_BODY_LIMITS: readonly (readonly [RegExp, BodyLimit])[] = [
  [/^\/admin\/books$/, { maxBytes: 10 * MB + 256 * KB, timeoutMs: 120_000 }],
  // A books CSV of at most 5 MB (BOOK_IMPORT_MAX_BYTES in common/books/book-import-form.ts).
  [/^\/admin\/books\/import$/, { maxBytes: 5 * MB + 64 * KB, timeoutMs: 120_000 }],
  // A tax exemption certificate of at most 5 MB (CERTIFICATE_MAX_BYTES in
  // common/tax-exemptions/tax-exemption-terms.ts) and its fields; signed-in customers only (the
  // action answers a visitor with a redirect before reading a byte, and the connection is closed).
  [/^\/tax-exemption$/, { maxBytes: 5 * MB + 64 * KB, timeoutMs: 120_000 }],
  // The free story's PDF, at most 5 MB (FREE_STORY_MAX_BYTES in common/free-story/free-story-fields.ts).
  [/^\/admin\/settings\/free-story$/, { maxBytes: 5 * MB + 64 * KB, timeoutMs: 120_000 }],
  // A return or damage claim's photo, at most 10 MB (CLAIM_PHOTO_MAX_BYTES in
  // common/returns/return-claim-terms.ts), and its fields.
  [/^\/returns$/, { maxBytes: 10 * MB + 64 * KB, timeoutMs: 120_000 }],
  // A 5,000-character message.
  [/^\/contact-us$/, { maxBytes: 64 * KB, timeoutMs: 10_000 }],
  // Up to 20 shipping methods and the payment keys.
  [/^\/admin\/settings$/, { maxBytes: 32 * KB, timeoutMs: 10_000 }],
];

/** The longest any body may take: the server's request timeout (server/main.ts) sits just above it. */
export const LONGEST_BODY_TIMEOUT_MS = Math.max(
  DEFAULT_BODY_LIMIT.timeoutMs,
  ...ROUTE_BODY_LIMITS.map(([, limit]) => limit.timeoutMs),
);

/** The limit for a request path, judged as the router matches it (see route-path.ts: "/X.data" is "/x"). */
export function bodyLimitFor(
  path: string,
  table: readonly (readonly [RegExp, BodyLimit])[] = ROUTE_BODY_LIMITS,
): BodyLimit {
  const pagePath = routePath(path).path;
  return table.find(([pattern]) => pattern.test(pagePath))?.[1] ?? DEFAULT_BODY_LIMIT;
}

/** A body refused while it was being read; readForm turns it into this status and message. */
export class BodyLimitError extends Error {
  override name = "BodyLimitError";

  constructor(
    readonly status: 408 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const TOO_LARGE_MESSAGE = "The request is too large.";
export const TOO_SLOW_MESSAGE = "The request took too long. Please try again.";
export const UNSUPPORTED_TYPE_MESSAGE = "Please send the form as a web form.";

/** The body types an HTML form (and React Router's Form and fetchers) send. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const hasNoBody = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * Guards request bodies before any middleware or route may read one. Only form bodies are
 * accepted (anything else: 415 at once). A declared Content-Length over the route's limit is
 * refused with 413 without reading a byte. Otherwise the body is passed on as a stream that is
 * never buffered here: it fails with BodyLimitError (413) as soon as more than the limit arrives,
 * or (408) when the client has not finished sending within the route's time. Refusals close the
 * connection, so the rest of an unwanted body is never read. A request whose client hung up is
 * logged with status 499.
 */
export function bodyLimits(table: readonly (readonly [RegExp, BodyLimit])[] = ROUTE_BODY_LIMITS): MiddlewareHandler {
  return async (c, next) => {
    if (hasNoBody(c.req.method)) return next();
    const request = c.req.raw;
    const declared = request.headers.get("content-length");
    const chunked = request.headers.has("transfer-encoding");
    const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const empty = !request.body || (!chunked && (declared === null || declared === "0"));
    // A form post without fields may come without a type (fetch with no body); nothing else may.
    if (!FORM_TYPES.includes(contentType) && !(contentType === "" && empty)) {
      return refuse(c, 415, UNSUPPORTED_TYPE_MESSAGE);
    }
    const limit = bodyLimitFor(c.req.path, table);
    if (declared !== null && !chunked && Number(declared) > limit.maxBytes) return refuse(c, 413, TOO_LARGE_MESSAGE);
    if (!request.body) return next();
    const limited = limitedBody(request.body, limit);
    c.req.raw = new Request(request, { body: limited.stream, duplex: "half" } as RequestInit);
    try {
      await next();
    } finally {
      // Answered (any action has run): a body nobody read needs no deadline any more.
      limited.release();
    }
    // A client that hung up mid-body gets no answer, and React Router answers its aborted
    // request with a 500: logged instead as 499 (nginx's "client closed request"), not a failure.
    if (c.req.raw.signal.aborted) c.res = new Response(null, { status: 499 });
    // Answered before the body was read to its end (refused over its limit or deadline, or
    // never read: a gate's 401 or 403): the connection is closed after the answer. Kept open,
    // Node would read and throw away the rest of the body before the next request, so a client
    // that stalls mid-body would hold it. readForm's own "Connection: close" does not survive
    // React Router's document and data responses, hence here, on whatever response goes out.
    else if (!empty && !limited.finished()) closeAfterAnswer(c);
  };
}

/**
 * The answer with "Connection: close" added, as a new response: a header set on the answer in
 * place can be lost (@hono/node-server's light responses rebuild themselves from the headers they
 * were made with once their body is read, as the compress middleware does when it adds Vary).
 */
function closeAfterAnswer(c: Context): void {
  const headers = new Headers(c.res.headers);
  headers.set("Connection", "close");
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
}

function refuse(c: Context, status: 413 | 415, message: string) {
  return c.json({ error: message }, status, { Connection: "close" });
}

/**
 * `body` as a stream that fails once it passes `limit.maxBytes` or is still unfinished after
 * `limit.timeoutMs`; `release()` stops the clock once the request is answered, `finished()` says
 * whether the body was read to its end.
 */
export function limitedBody(
  body: ReadableStream<Uint8Array>,
  limit: BodyLimit,
): { stream: ReadableStream<Uint8Array>; release(): void; finished(): boolean } {
  const reader = body.getReader();
  let received = 0;
  let settled = false;
  /** The client's body was read to its end (not refused, not cut short, not left unread). */
  let complete = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: BodyLimitError) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    controller.error(error);
    reader.cancel(error).catch(() => {});
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        timer = setTimeout(() => fail(controller, new BodyLimitError(408, TOO_SLOW_MESSAGE)), limit.timeoutMs);
        // A body nobody reads (the request was answered first) must not keep the process alive.
        timer.unref?.();
      },
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          if (!settled) {
            settled = true;
            clearTimeout(timer);
            controller.error(error);
          }
          return;
        }
        if (settled) return;
        if (result.done) {
          settled = true;
          complete = true;
          clearTimeout(timer);
          controller.close();
          return;
        }
        received += result.value.byteLength;
        if (received > limit.maxBytes) return fail(controller, new BodyLimitError(413, TOO_LARGE_MESSAGE));
        controller.enqueue(result.value);
      },
      cancel(reason) {
        settled = true;
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  ); // nothing is pulled from the client before a reader asks
  return { stream, release: () => clearTimeout(timer), finished: () => complete };
}

/**
 * The BodyLimitError behind `error` (parsers wrap what the stream threw), if any. Recognised by
 * name, not instanceof: the middleware runs in the Node server's bundle and readForm in React
 * Router's, each with its own copy of this class.
 */
export function bodyLimitErrorOf(error: unknown): BodyLimitError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.name === "BodyLimitError" && "status" in current)
      return current as BodyLimitError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

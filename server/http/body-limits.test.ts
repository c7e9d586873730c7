import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  bodyLimitErrorOf,
  bodyLimitFor,
  bodyLimits,
  DEFAULT_BODY_LIMIT,
  LONGEST_BODY_TIMEOUT_MS,
  ROUTE_BODY_LIMITS,
  type BodyLimit,
} from "./body-limits.ts";

/** A request body that hands out `chunks` chunks of `size` bytes, then stalls, counting what was read. */
function countingBody(size: number, chunks: number) {
  const state = { bytesRead: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= chunks) return new Promise(() => {}); // stalls: never another chunk
        sent++;
        state.bytesRead += size;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    },
    { highWaterMark: 0 },
  ); // nothing is pulled until someone reads
  return { stream, state };
}

/** Posts `stream` as the body of a request to `path` (a stream body needs `duplex`, which RequestInit's type lacks). */
function postStream(app: Hono, path: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return app.request(path, { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
}

/** A tiny app with the middleware in front of a handler that reads the whole body. */
function appWith(table?: readonly (readonly [RegExp, BodyLimit])[]) {
  const app = new Hono();
  app.use("*", bodyLimits(table));
  app.post("*", async (c) => {
    try {
      const text = await c.req.raw.text();
      return c.json({ read: text.length });
    } catch (error) {
      const limit = bodyLimitErrorOf(error);
      return c.json({ refused: limit?.message ?? "unreadable" }, limit?.status ?? 400);
    }
  });
  return app;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("bodyLimitFor", () => {
  it("gives small forms a few KB, the contact form more, and only the cover upload megabytes", () => {
    expect(bodyLimitFor("/login").maxBytes).toBeLessThanOrEqual(16 * 1024);
    expect(bodyLimitFor("/edit-profile.data")).toEqual(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/resources/subscribe")).toEqual(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/contact-us.data").maxBytes).toBe(64 * 1024);
    expect(bodyLimitFor("/admin/settings").maxBytes).toBe(32 * 1024);
    expect(bodyLimitFor("/admin/books").maxBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/admin/books.data")).toEqual(bodyLimitFor("/admin/books"));
    expect(bodyLimitFor("/admin/books/_.data")).toEqual(bodyLimitFor("/admin/books"));
    // Only that exact page: a longer path is an ordinary form.
    expect(bodyLimitFor("/admin/books-and-more")).toEqual(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/anything/admin/books")).toEqual(DEFAULT_BODY_LIMIT);
  });

  it("gives every body a deadline of seconds, the cover upload the longest", () => {
    expect(DEFAULT_BODY_LIMIT.timeoutMs).toBeLessThanOrEqual(10_000);
    for (const [, limit] of ROUTE_BODY_LIMITS) expect(limit.timeoutMs).toBeLessThanOrEqual(LONGEST_BODY_TIMEOUT_MS);
    expect(LONGEST_BODY_TIMEOUT_MS).toBe(bodyLimitFor("/admin/books").timeoutMs);
  });
});

describe("the body limits middleware", () => {
  it("refuses bodies that are not forms with 415, before reading them", async () => {
    const app = appWith();
    for (const type of ["application/json", "text/plain", "application/xml", "text/html;charset=utf-8", "image/png"]) {
      const { stream, state } = countingBody(100, 1);
      const response = await postStream(app, "/login", stream, { "content-type": type });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ error: "Please send the form as a web form." });
      expect(state.bytesRead, type).toBe(0);
    }
    // A body without any type is refused too; a post without a body needs none.
    const untyped = await app.request("/login", { method: "POST", body: "a=1", headers: { "content-length": "3" } });
    expect(untyped.status).toBe(415);
    expect((await app.request("/resources/sign-out", { method: "POST" })).status).toBe(200);
    // Forms pass, whatever their parameters.
    expect((await app.request("/login", { method: "POST", body: "a=1", headers: FORM })).status).toBe(200);
    const multipart = { "content-type": "Multipart/Form-Data; boundary=x" };
    expect((await app.request("/login", { method: "POST", body: "--x--\r\n", headers: multipart })).status).toBe(200);
  });

  it("answers 413 at once, without reading a byte, when the declared length is over the route's limit", async () => {
    const app = appWith();
    const { stream, state } = countingBody(1024, 10_000);
    const response = await postStream(app, "/login", stream, { ...FORM, "content-length": String(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ error: "The request is too large." });
    expect(state.bytesRead).toBe(0);
    // The same length is fine for the cover upload.
    const upload = await app.request("/admin/books", {
      method: "POST",
      body: "x".repeat(20_000),
      headers: { ...FORM, "content-length": "20000" },
    });
    expect(upload.status).toBe(200);
  });

  it("stops reading a body without a declared length as soon as it passes the limit", async () => {
    const app = appWith();
    const { stream, state } = countingBody(4096, 1_000);
    const response = await postStream(app, "/login", stream, { ...FORM, "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ refused: "The request is too large." });
    expect(state.bytesRead).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT.maxBytes + 2 * 4096);
  });

  it("closes the connection after an answer given before the body was read to its end, and only then", async () => {
    const app = new Hono();
    app.use("*", bodyLimits());
    // A gate that answers without reading the body (the admin gate's 401).
    app.post("/gated", (c) => c.json({ error: "Sign in" }, 401));
    app.post("*", async (c) => c.json({ read: (await c.req.raw.text()).length }));
    const { stream } = countingBody(1024, 3);
    const gated = await postStream(app, "/gated", stream, { ...FORM, "content-length": String(8 * 1024) });
    expect(gated.status).toBe(401);
    expect(gated.headers.get("connection")).toBe("close");
    // A body read to its end, or none at all, keeps the connection for the next request.
    const read = await app.request("/login", { method: "POST", body: "email=a%40b.c", headers: FORM });
    expect(read.status).toBe(200);
    expect(read.headers.get("connection")).toBeNull();
    const empty = await app.request("/gated", { method: "POST", headers: { ...FORM, "content-length": "0" } });
    expect(empty.headers.get("connection")).toBeNull();
  });

  it("gives up on a body that is not finished within the route's time (408)", async () => {
    const app = appWith([[/^\/slow$/, { maxBytes: 1024 * 1024, timeoutMs: 100 }]]);
    // The body stalls after three chunks and never ends: only the route's deadline can answer.
    const { stream, state } = countingBody(10, 3);
    const response = await postStream(app, "/slow", stream, FORM);
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ refused: "The request took too long. Please try again." });
    expect(state.bytesRead).toBe(30);
  });

  it("passes a complete body within the limit through unchanged", async () => {
    const app = appWith();
    const body = "message=" + "é".repeat(2000);
    const response = await app.request("/contact-us", { method: "POST", body, headers: FORM });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ read: body.length });
  });
});

import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isHttpsSite } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import { adminGate } from "./admin-gate.ts";
import type { AppEnv } from "./app-variables.ts";
import { bodyLimits } from "./body-limits.ts";
import { payPalFormTargets } from "#server/payments/paypal/paypal-config.ts";
import { stripeCheckoutOrigin } from "#server/payments/stripe/stripe-client.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { coverRoutes } from "./cover-routes.ts";
import { islandPages } from "./island-pages.ts";
import { maintenanceGate } from "./maintenance-gate.ts";
import { spentSignInGate } from "./spent-sign-in-gate.ts";
import { replaceNulBytesInAddress } from "./nul-bytes.ts";
import { originCheck } from "./origin-check.ts";
import { PAGE_ENCODING, PageCache, pageCacheMiddleware } from "./page-cache.ts";
import { pageGeneration } from "./page-generation.ts";
import { requestSession, sessionMiddleware } from "./session-middleware.ts";
import { PAYPAL_WEBHOOK_PATH, payPalWebhookRoute } from "./paypal-webhook.ts";
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoute } from "./stripe-webhook.ts";
import { dropTrackingParameters } from "./tracking-parameters.ts";

export interface CreateAppOptions {
  services: AppServices;
  /** The React Router server build, or a function that loads it per request (dev server). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client; omitted in development, where Vite serves the assets. */
  clientDir?: string;
  mode: "development" | "production";
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Requests logged at debug level when they succeed: hashed build files, covers, the favicon. */
const QUIET_PATHS = /^\/(assets|covers)\/|^\/favicon\.ico$/;

/**
 * The whole HTTP surface as one Hono app: tests call `app.request()` on it directly and
 * main.ts hands `app.fetch` to the Node server.
 */
export function createApp({ services, build, clientDir, mode }: CreateAppOptions) {
  const { logger, database } = services;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Build files and covers are many per page and say little: logged at debug level only.
    const level = QUIET_PATHS.test(c.req.path) && c.res.status < 400 ? "debug" : "info";
    // Path only: query strings can carry tokens (password-reset links).
    logger[level](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });

  app.use(
    secureHeaders({
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: isHttpsSite(services.env) ? "max-age=31536000; includeSubDomains" : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Vite's dev server injects its own scripts, so development runs without a policy.
  if (mode === "production") {
    const formTargets = [stripeCheckoutOrigin(services.env), ...payPalFormTargets(services.env)];
    app.use(contentSecurityPolicy({ formTargets }));
  }

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (services.lifecycle.draining) return c.json({ status: "shutting down" }, 503);
    return (await database.ping()) ? c.json({ status: "ready" }) : c.json({ status: "database unavailable" }, 503);
  });

  // Before the page middleware, none of which applies to it (see stripe-webhook.ts): no forms,
  // no Origin, no session, and open while Coming Soon is on.
  app.post(STRIPE_WEBHOOK_PATH, stripeWebhookRoute(services));
  app.post(PAYPAL_WEBHOOK_PATH, payPalWebhookRoute(services));

  if (clientDir) {
    app.use("/assets/*", staticFiles({ root: clientDir, precompressed: true }, { "Cache-Control": IMMUTABLE }));
    // A missing hashed asset is a plain 404, not a page render.
    app.get("/assets/*", (c) => c.text("Not found", 404));
  }

  // Covers from the cover store (and the old /uploads/covers URLs' redirects), public like assets.
  coverRoutes(app, services);

  if (clientDir) {
    // Unhashed files from public/ (favicon and the like).
    app.use("*", staticFiles({ root: clientDir }, { "Cache-Control": "public, max-age=3600" }));
  }

  app.use("*", dropTrackingParameters());
  app.use("*", async (c, next) => {
    c.set("clientAddress", clientAddressOf(c, services.env.TRUST_PROXY));
    await next();
  });
  // Production only: `npm run dev` re-renders every page after each edit.
  // It looks a session up only for a cacheable page; the session middleware reuses the answer.
  if (mode === "production") {
    const sessionOf = (c: Context<AppEnv>) => requestSession(services, c);
    app.use("*", pageCacheMiddleware(new PageCache(), pageGeneration(database), sessionOf, services.backgroundTasks));
  }
  // gzip only (every browser takes it; deflate is never preferred): the page cache keys its
  // pages on whether a client takes gzip (PAGE_ENCODING in page-cache.ts), not on the header.
  app.use("*", compress({ encoding: PAGE_ENCODING }));
  app.use("*", originCheck(services.env.PUBLIC_URL, logger));
  // Request bodies: forms only, capped per route (server/http/body-limits.ts) before anything
  // reads one, and streamed with a deadline rather than buffered here.
  app.use("*", bodyLimits());
  app.use("*", replaceNulBytesInAddress());
  // Before the session and React Router: a spent client's sign-in is refused for one look.
  app.use("*", spentSignInGate(services));
  app.use("*", sessionMiddleware(services, islandPages(build)));
  app.use("*", adminGate());
  app.use("*", maintenanceGate(services));

  const handleRequest = createRequestHandler(build, mode);
  app.all("*", async (c) => {
    const outage = { databaseUnavailable: false };
    const response = await handleRequest(c.req.raw, {
      services,
      outage,
      clientAddress: c.get("clientAddress"),
      maintenance: c.get("maintenance") ?? false,
      shopClosed: c.get("shopClosed") ?? false,
      viewer: c.get("viewer"),
      sessionExpired: c.get("sessionExpired"),
      flash: c.get("flash"),
      nonce: c.get("cspNonce"),
    });
    if (outage.databaseUnavailable) {
      await response.body?.cancel();
      logger.warn({ method: c.req.method, path: c.req.path }, "database unavailable");
      return databaseUnavailable(c);
    }
    if (response.status === 405) {
      await response.body?.cancel();
      return methodNotAllowed(c, response.headers.get("allow"));
    }
    return response;
  });

  app.onError((error, c) => {
    if (services.database.isUnavailableError(error)) {
      logger.warn({ method: c.req.method, path: c.req.path }, "database unavailable");
      return databaseUnavailable(c);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  return app;
}

/**
 * Serves a file when one exists, with `headers` on that response only; otherwise passes the
 * request on untouched (pages must not inherit a file's caching).
 */
function staticFiles(options: Parameters<typeof serveStatic>[0], headers: Record<string, string>): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    let notFound = false;
    const response = await serve(c, async () => {
      notFound = true;
    });
    if (notFound || !response) return next();
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

function clientAddressOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    // The right-most entry is the one our own proxy appended; anything left of it is client-supplied.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}

/**
 * A method the address does not take, in words. React Router answers 405 to any method but GET
 * and HEAD on a route without an action (so the route takes GET and HEAD), and in `.data`
 * requests its answer names the route's id, its source file. A route that refuses GET itself says
 * what it takes in `Allow` (which a `.data` answer does not carry).
 */
function methodNotAllowed(c: Context<AppEnv>, allow: string | null): Response {
  const method = c.req.method.toUpperCase();
  const allowed = allow ?? (method === "GET" || method === "HEAD" ? null : "GET, HEAD");
  if (allowed) c.header("Allow", allowed);
  c.header("Cache-Control", "no-store");
  return c.text(`This address does not accept ${method} requests.`, 405);
}

/**
 * While the database cannot be reached: a 503 that asks browsers and load balancers to retry
 * shortly; a small page for people, plain text for data requests and everything else.
 */
function databaseUnavailable(c: Context<AppEnv>): Response {
  c.header("Retry-After", "5");
  c.header("Cache-Control", "no-store");
  const wantsPage = c.req.method === "GET" && (c.req.header("accept") ?? "").includes("text/html");
  if (!wantsPage) return c.text("The shop is briefly unavailable. Please try again in a moment.", 503);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Briefly unavailable</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>` +
      `<body><h1>The shop is briefly unavailable</h1><p>We are back in a moment. Please try again in a few seconds.</p></body></html>`,
    503,
  );
}

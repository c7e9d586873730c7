import type { Kysely } from "kysely";
import type { AuthLimits } from "./accounts/auth-limits.ts";
import type { GetAuth } from "./accounts/lazy-auth.ts";
import type { OwnerSetup } from "./accounts/owner-setup.ts";
import type { Viewer } from "./accounts/viewer.ts";
import type { Env } from "./config/env.ts";
import type { CoverStore } from "./covers/cover-store.ts";
import type { PrivateFileStore } from "./files/private-file-store.ts";
import type { FlashedToast } from "./http/flash.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import type { Logger } from "./logging/logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { PaymentProviders } from "./orders/payment-provider.ts";
import type { BackgroundTasks } from "./jobs/background-tasks.ts";
import type { HashQueue } from "./security/hash-queue.ts";
import type { RateLimitStore } from "./security/rate-limit-store.ts";
import type { RateLimits } from "./security/rate-limits.ts";
import type { ExportLock } from "#server/csv/export-lock.ts";
import type { CertificateFileStore } from "#server/tax-exemptions/certificate-file-store.ts";

/**
 * Everything a request may use, built once by `startServices` (server/boot.ts; main.ts, dev.ts and
 * the tests call it) and handed to every loader and action through React Router's load context.
 * Nothing here is a module-level singleton, so tests build as many independent apps as they like.
 */
/** The time now. A service, so tests can move it (payment deadlines, mail retries). */
export type Clock = () => Date;

export interface AppServices {
  env: Env;
  clock: Clock;
  /** Set when shutdown starts: /readyz answers 503 so a load balancer stops sending requests here. */
  lifecycle: { draining: boolean };
  database: DatabaseHandle;
  db: Kysely<Database>;
  logger: Logger;
  /** Where cover images live (the database, or a bucket when configured); served at /covers. */
  covers: CoverStore;
  /** Where tax exemption certificate files live (the database, or the covers' bucket); never public. */
  taxCertificateFiles: CertificateFileStore;
  /** Files kept for the shop's own use and never served publicly (the free story's PDF): beside the covers. */
  privateFiles: PrivateFileStore;
  /** DATA_DIR/uploads: covers were files here before decision 10; moved into `covers` at start. */
  uploadsDir: string;
  /** Where every rate limit counts: the database, or Redis with REDIS_URL (shared by all instances). */
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimits;
  mailer: Mailer;
  /** What staff actions ask of the service that took a payment, by payment method (Stripe for cards). */
  paymentProviders: PaymentProviders;
  /** better-auth, loaded on the first request that needs it (anonymous visitors never do). */
  getAuth: GetAuth;
  authLimits: AuthLimits;
  /** The one bounded queue of password hashing (argon2). */
  hashQueue: HashQueue;
  /** Mails a request starts without waiting for them; shutdown and tests wait on `settled()`. */
  backgroundTasks: BackgroundTasks;
  ownerSetup: OwnerSetup;
  /** One subscribers CSV export at a time in this process. */
  subscriberExportLock: ExportLock;
  /** One orders CSV export at a time in this process. */
  orderExportLock: ExportLock;
  /** One books CSV export at a time in this process. */
  bookExportLock: ExportLock;
  /** One books CSV import at a time in this process (each holds a write transaction). */
  bookImportLock: ExportLock;
}

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** The client's address: the socket's, or the proxy's header when TRUST_PROXY is set. */
    clientAddress: string;
    /** Set by the maintenance gate: render the Coming Soon page (HTTP 503) instead of the route. */
    maintenance: boolean;
    /** Set by the maintenance gate for an admin: the shop is closed to visitors (a banner says so). */
    shopClosed: boolean;
    /** The signed-in person, resolved from the session cookie once per request. */
    viewer: Viewer | null;
    /** A session cookie was sent but its session is gone (expired or revoked). */
    sessionExpired: boolean;
    /** A one-time message to show on this page (see server/http/flash.ts). */
    flash: FlashedToast | null;
    /** The Content-Security-Policy nonce for this response's inline scripts (production only). */
    nonce?: string | undefined;
    /**
     * Set by entry.server's handleError when a loader or action failed because the database is
     * unreachable: the server then answers 503 "briefly unavailable" instead of the error page.
     */
    outage: { databaseUnavailable: boolean };
  }
}

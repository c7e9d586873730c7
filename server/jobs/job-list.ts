import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import { expireUnpaidCardOrdersJob } from "#server/payments/expire-unpaid-card-orders.ts";
import { clearExpiredRateLimitsJob } from "#server/security/clear-expired-rate-limits.ts";
import type { BackgroundJob } from "./background-jobs.ts";

/** Every background job of the server, started by main.ts and dev.ts. */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  expireUnpaidCardOrdersJob,
  // Order mails wait at most this long after the change that queued them.
  clearExpiredRateLimitsJob,
  { name: "deliver-queued-mails", everyMs: 10_000, run: (services) => deliverQueuedMails(services).then(() => {}) },
];

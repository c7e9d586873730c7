import { deliverQueuedMails } from "#server/mail/deliver-queued-mails.ts";
import { reconcilePayPalOrders } from "#server/payments/paypal/reconcile-paypal-orders.ts";
import { expireUnpaidCardOrders } from "#server/payments/stripe/expire-unpaid-card-orders.ts";
import { remindExpiringTaxCertificates } from "#server/tax-exemptions/remind-expiring-tax-certificates.ts";
import { recordStripeTaxTransactions } from "#server/tax/stripe-tax-transactions.ts";
import type { BackgroundJob } from "./background-jobs.ts";

/**
 * Every background job of the server, started by main.ts and dev.ts. The jobs are named here, the
 * work they do lives in its domain: a domain never imports the job runner.
 */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  {
    name: "expire-unpaid-card-orders",
    everyMs: 60_000,
    run: async (services) => {
      await expireUnpaidCardOrders(services);
    },
  },
  // PayPal orders awaiting payment for a few minutes: captured, recorded or expired (the one PayPal step).
  {
    name: "reconcile-paypal-orders",
    everyMs: 60_000,
    run: async (services) => {
      await reconcilePayPalOrders(services);
    },
  },
  // Rate-limit counters whose window ended stay in the database until deleted (Redis expires its
  // own keys): one job clears them for every limit, instead of the library's timer per limiter.
  // A minute's margin: a row just expired is being reset by the next hit anyway.
  {
    name: "clear-expired-rate-limits",
    everyMs: 5 * 60_000,
    run: (services) => services.rateLimitStore.clearExpired(services.clock().getTime() - 60_000),
  },
  // The "expires in 30 days" mail of approved tax exemption certificates, once each. A daily task
  // run hourly: the timer starts again with every restart, and a daily one would never run on a
  // shop deployed more often than that; each certificate is claimed once, so runs cost a query.
  {
    name: "remind-expiring-tax-certificates",
    everyMs: 60 * 60_000,
    run: (services) => remindExpiringTaxCertificates(services).then(() => {}),
  },
  // Stripe Tax's transactions (decision 40): confirmed orders recorded, cancelled or refunded ones
  // reversed; Stripe down leaves them for the next run, never the payment process waiting.
  {
    name: "record-stripe-tax-transactions",
    everyMs: 60_000,
    run: (services) => recordStripeTaxTransactions(services).then(() => {}),
  },
  // Order mails wait at most this long after the change that queued them.
  { name: "deliver-queued-mails", everyMs: 10_000, run: (services) => deliverQueuedMails(services).then(() => {}) },
];

import { expireUnpaidCardOrdersJob } from "#server/payments/expire-unpaid-card-orders.ts";
import type { BackgroundJob } from "./background-jobs.ts";

/** Every background job of the server, started by main.ts and dev.ts. */
export const BACKGROUND_JOBS: BackgroundJob[] = [expireUnpaidCardOrdersJob];

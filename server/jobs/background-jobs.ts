import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { AppServices } from "#server/services.ts";

/**
 * A task the server repeats while it runs (expire unpaid card orders, send queued mail). On
 * PostgreSQL one instance at a time runs each job (an advisory lock per job: the others skip
 * that round); on SQLite one process serves the shop (db/instance-lock.ts). Each run must still
 * be safe to repeat: the work is claimed by conditional writes, so a run cut short by a crash
 * leaves nothing half-claimed.
 */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  run(services: AppServices): Promise<void>;
}

/**
 * Runs each job every `everyMs`, never two runs of one job at once; a failing run is logged and
 * the next one tries again. Returns a stop function that waits for runs in progress.
 */
export function startBackgroundJobs(services: AppServices, jobs: readonly BackgroundJob[]): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (running.has(job.name)) return;
      const run = runExclusively(services, job)
        .then(() => undefined)
        .catch((error: unknown) => {
          // An outage is not a bug: the next round tries again once the database is back.
          if (services.database.isUnavailableError(error)) {
            services.logger.warn({ job: job.name }, "background job skipped: database unavailable");
          } else {
            services.logger.error({ err: error, job: job.name }, "background job failed");
          }
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled(running.values());
  };
}

/**
 * Runs the job unless another instance runs it right now. PostgreSQL: a session-level advisory
 * lock, held on one pooled connection for the run and released on it afterwards (a crashed
 * instance's lock goes with its connection). Returns whether the job ran.
 */
export async function runExclusively(services: AppServices, job: BackgroundJob): Promise<boolean> {
  if (services.database.engine !== "postgres") {
    await job.run(services);
    return true;
  }
  const key = advisoryLockKey(job.name);
  return services.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return false;
    try {
      await job.run(services);
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}

/** A stable 63-bit key per job name, away from the migrator's lock. */
function advisoryLockKey(name: string): string {
  const digest = createHash("sha256").update(`little-scrolls/job/${name}`).digest();
  return digest.readBigInt64BE(0).toString();
}

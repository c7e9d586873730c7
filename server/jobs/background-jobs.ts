import type { AppServices } from "#server/services.ts";

/**
 * A task the server repeats while it runs (expire unpaid card orders, send queued mail). Each
 * run must be safe to repeat and to run beside another instance's run: the work is claimed by
 * conditional writes, so a second instance finds nothing left to do (issue 13 makes it one
 * instance at a time).
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
      const run = job
        .run(services)
        .catch((error: unknown) => services.logger.error({ err: error, job: job.name }, "background job failed"))
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

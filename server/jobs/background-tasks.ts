import type { Logger } from "#server/logging/logger.ts";

/**
 * Work a request starts and does not wait for: a mail whose answer must take as long whether it
 * goes out or not (sign-up, reset), a page the page cache keeps once its body has streamed. Each
 * task's failure is logged, never thrown. `settled()` waits for every task started so far:
 * shutdown lets mails in flight finish, and a test waits on it instead of sleeping before it
 * checks that nothing (more) was sent, or that a page was kept.
 */
export interface BackgroundTasks {
  start(task: () => Promise<unknown>, failureMessage: string): void;
  settled(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    start(task, failureMessage) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error }, failureMessage))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      // A task may start another while the first ones settle: wait until none is left.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

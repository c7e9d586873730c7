// The subscribers CSV export with 200,000 subscribers, on SQLite: how long one step of the stream
// holds the event loop (better-sqlite3 runs each page's query synchronously, so a step is a block),
// how long the whole export takes, and how much memory it adds.
// Used by bench/run.ts.
import type { DatabaseHandle } from "#server/db/database.ts";
import { subscribersCsvStream } from "#server/subscribers/subscribers-csv.ts";
import { fillInBatches } from "./bench-database.ts";

const ROWS = 200_000;

export async function fillSubscribers(handle: DatabaseHandle): Promise<void> {
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  await fillInBatches(handle.db, { count: ROWS, size: 1000 }, async (trx, range) => {
    await trx
      .insertInto("email_subscribers")
      .values(
        range.map((i) => ({
          id: `bench-${i}`,
          email: `subscriber${i}@example.com`,
          subscribed_at: at(i),
          confirmed_at: i % 4 ? at(i) : null,
        })),
      )
      .execute();
  });
}

export async function timeSubscribersExport(handle: DatabaseHandle) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let longestStep = 0;
  const started = performance.now();
  const reader = subscribersCsvStream({ db: handle.db }).getReader();
  let bytes = 0;
  for (;;) {
    const stepStarted = performance.now();
    const r = await reader.read();
    longestStep = Math.max(longestStep, performance.now() - stepStarted);
    if (r.done) break;
    bytes += r.value.byteLength;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    // A client that takes its chunks as they come; the event loop gets a turn between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const totalMs = performance.now() - started;
  return {
    longestStepMs: longestStep,
    totalMs,
    addedMemoryMb: (rssPeak - rssBefore) / 1024 / 1024,
    megabytes: bytes / 1024 / 1024,
  };
}

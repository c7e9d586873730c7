import { describe, expect, it } from "vitest";
import { useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { subscribersCsvFileName, subscribersCsvStream } from "./subscribers-csv.ts";

describe("subscribers csv file name", () => {
  it("names the file after the day", () => {
    expect(subscribersCsvFileName(new Date("2025-07-03T23:59:00.000Z"))).toBe("subscribers-2025-07-03.csv");
  });
});

/** Reads a stream to its end: the chunks as text, one per read. */
async function readChunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value));
  return chunks;
}

async function insertMany(db: Kysely<Database>, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `id-${String(i).padStart(5, "0")}`,
    email: `reader${i}@example.com`,
    // Ten subscribers share each second: the paging must not skip or repeat rows with equal times.
    subscribed_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 10) * 1000).toISOString(),
    confirmed_at: i % 2 ? null : new Date(Date.UTC(2025, 0, 2)).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("email_subscribers")
      .values(rows.slice(i, i + 500))
      .execute();
}

describe.each(TEST_ENGINES)("subscribersCsvStream on %s", (engine) => {
  const { testDb, open } = useNewsletterDatabase(engine);

  it("exports every subscriber with its status, newest first, under a header, formulas neutralised", async () => {
    const { db } = await open();
    expect((await readChunks(subscribersCsvStream({ db }))).join("")).toBe(
      "email,subscribed_at,status,confirmed_at\r\n",
    );
    // Written directly: the subscribe form would refuse these addresses, older rows may not have.
    await db
      .insertInto("email_subscribers")
      .values([
        {
          id: "s1",
          email: "first@example.com",
          subscribed_at: "2025-06-01T08:00:00.000Z",
          confirmed_at: "2025-06-01T08:05:00.000Z",
        },
        { id: "s2", email: "=cmd|' /C calc'!A0", subscribed_at: "2025-06-02T08:00:00.000Z" },
        { id: "s3", email: '"quoted",name@example.com', subscribed_at: "2025-06-03T08:00:00.000Z" },
        {
          id: "s4",
          email: "@SUM(A1)",
          subscribed_at: "2025-06-03T08:00:00.000Z",
          confirmed_at: "2025-06-04T08:00:00.000Z",
        },
      ])
      .execute();

    expect((await readChunks(subscribersCsvStream({ db }))).join("")).toBe(
      [
        "email,subscribed_at,status,confirmed_at",
        "'@SUM(A1),2025-06-03T08:00:00.000Z,confirmed,2025-06-04T08:00:00.000Z",
        '"""quoted"",name@example.com",2025-06-03T08:00:00.000Z,pending,',
        "'=cmd|' /C calc'!A0,2025-06-02T08:00:00.000Z,pending,",
        "first@example.com,2025-06-01T08:00:00.000Z,confirmed,2025-06-01T08:05:00.000Z",
        "",
      ].join("\r\n"),
    );
  });

  it("streams 5,000 subscribers in chunks of one page each, every row once", async () => {
    await open();
    await insertMany(testDb.handle.db, 5000);

    const chunks = await readChunks(subscribersCsvStream({ db: testDb.handle.db }));

    // The header, then five pages of 1,000 rows (the sixth query finds nothing more).
    expect(chunks.length).toBe(6);
    expect(chunks.slice(1).map((chunk) => chunk.split("\r\n").length - 1)).toEqual([1000, 1000, 1000, 1000, 1000]);
    const lines = chunks.join("").split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(5000);
    const expected = Array.from({ length: 5000 }, (_, i) => 4999 - i).map((i) => {
      const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 10) * 1000).toISOString();
      return i % 2
        ? `reader${i}@example.com,${at},pending,`
        : `reader${i}@example.com,${at},confirmed,2025-01-02T00:00:00.000Z`;
    });
    expect(lines).toEqual(expected);
  });

  it("reads the next page only when the client takes the previous one", async () => {
    await open();
    await insertMany(testDb.handle.db, 30);
    const stream = subscribersCsvStream({ db: testDb.handle.db }, { pageSize: 10 });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    // Rows added now, while the client is between chunks, still come in the later pages.
    await testDb.handle.db
      .insertInto("email_subscribers")
      .values({ id: "old", email: "oldest@example.com", subscribed_at: "2000-01-01T00:00:00.000Z" })
      .execute();
    const rest: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(new TextDecoder().decode(r.value));
    reader.releaseLock();
    expect(rest.join("").trimEnd().split("\r\n").at(-1)).toBe("oldest@example.com,2000-01-01T00:00:00.000Z,pending,");
  });

  it("calls onClose once when the stream ends, is cancelled, or fails", async () => {
    const { db } = await open();
    await insertMany(db, 25);

    let ended = 0;
    await readChunks(subscribersCsvStream({ db }, { pageSize: 10, onClose: () => ended++ }));
    expect(ended).toBe(1);

    let cancelled = 0;
    const reader = subscribersCsvStream({ db }, { pageSize: 10, onClose: () => cancelled++ }).getReader();
    await reader.read();
    expect(cancelled).toBe(0);
    await reader.cancel();
    expect(cancelled).toBe(1);

    let failed = 0;
    const failing = subscribersCsvStream({ db }, { pageSize: 10, onClose: () => failed++ }).getReader();
    await failing.read();
    await db.schema.dropTable("email_subscribers").execute();
    await expect(failing.read()).rejects.toThrow();
    expect(failed).toBe(1);
  });
});

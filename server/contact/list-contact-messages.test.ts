import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { listContactMessages } from "./list-contact-messages.ts";

describe.each(TEST_ENGINES)("listContactMessages on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("lists messages newest first, one page at a time", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    expect(await listContactMessages({ db })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    for (let day = 1; day <= 3; day++) {
      await db
        .insertInto("contact_messages")
        .values({
          id: `m${day}`,
          full_name: `Writer ${day}`,
          email: `writer${day}@example.com`,
          subject: `Subject ${day}`,
          message: `Message ${day}`,
          created_at: new Date(Date.UTC(2025, 6, day)).toISOString(),
          mail_sent_at: day === 2 ? null : new Date(Date.UTC(2025, 6, day, 0, 1)).toISOString(),
        })
        .execute();
    }

    const all = await listContactMessages({ db });
    expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(all.items.map((m) => m.id)).toEqual(["m3", "m2", "m1"]);
    expect(all.items[1]).toEqual({
      id: "m2",
      fullName: "Writer 2",
      email: "writer2@example.com",
      subject: "Subject 2",
      message: "Message 2",
      createdAt: "2025-07-02T00:00:00.000Z",
      mailSentAt: null,
      enquiry: null,
      organisation: null,
    });
    expect(all.items[0]!.mailSentAt).toBe("2025-07-03T00:01:00.000Z");

    const last = await listContactMessages({ db }, { page: 5, pageSize: 2 });
    expect(last).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(last.items.map((m) => m.id)).toEqual(["m1"]);
  });
});

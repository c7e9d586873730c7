import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { getContactMessage } from "./get-contact-message.ts";
import { listContactMessages, MESSAGE_PREVIEW_LENGTH } from "./list-contact-messages.ts";

describe.each(TEST_ENGINES)("listContactMessages on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("lists messages newest first, one page at a time", async () => {
    setTestDb(await createTestDatabase(engine));
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
      preview: "Message 2",
      truncated: false,
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

  it("searches the name, the address and the subject in any letter case, and cuts long messages to a preview", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const long = `${"Psalms ✝ ".repeat(20)}end`;
    const rows = [
      ["a", "Lydia of Thyatira", "lydia@example.com", "Bulk order 100%", long],
      ["b", "Hannah Reader", "hannah@Example.com", "Sunday school", "Short."],
      ["c", "Boaz", "boaz@example.com", "Question about_shipping", "When?"],
    ] as const;
    for (const [i, [id, full_name, email, subject, message]] of rows.entries()) {
      await db
        .insertInto("contact_messages")
        .values({
          id,
          full_name,
          email,
          subject,
          message,
          created_at: new Date(Date.UTC(2025, 6, i + 1)).toISOString(),
          mail_sent_at: null,
        })
        .execute();
    }
    const ids = async (search: string) => (await listContactMessages({ db }, { search })).items.map((m) => m.id);
    expect(await ids("LYDIA")).toEqual(["a"]);
    expect(await ids("example.COM")).toEqual(["c", "b", "a"]);
    expect(await ids("sunday SCHOOL")).toEqual(["b"]);
    expect(await ids("100%")).toEqual(["a"]);
    expect(await ids("t_t")).toEqual([]);
    expect(await ids("about_")).toEqual(["c"]);
    expect(await ids("   ")).toEqual(["c", "b", "a"]);
    expect(await listContactMessages({ db }, { search: "nobody" })).toMatchObject({ items: [], total: 0 });

    const lydia = (await listContactMessages({ db }, { search: "lydia" })).items[0]!;
    expect(Array.from(lydia.preview)).toHaveLength(MESSAGE_PREVIEW_LENGTH);
    expect(long.startsWith(lydia.preview)).toBe(true);
    expect(lydia.truncated).toBe(true);

    expect(await getContactMessage({ db }, { messageId: "a" })).toMatchObject({
      message: long,
      email: "lydia@example.com",
    });
    await expect(getContactMessage({ db }, { messageId: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { csvField, exportSubscribersCsv, subscribersCsvFileName, toCsv } from "./subscribers-csv.ts";

describe("csv fields", () => {
  it("quotes as RFC 4180 says", () => {
    expect(csvField("plain@example.com")).toBe("plain@example.com");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("")).toBe("");
    expect(toCsv([["a", "b"], ["c,d", "e"]])).toBe('a,b\r\n"c,d",e\r\n');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvField("+1-555")).toBe("'+1-555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("\r=cmd")).toBe("\"'\r=cmd\"");
    expect(csvField("=1,2")).toBe("\"'=1,2\"");
    // Only a leading character counts.
    expect(csvField("a=b@example.com")).toBe("a=b@example.com");
  });

  it("names the file after the day", () => {
    expect(subscribersCsvFileName(new Date("2025-07-03T23:59:00.000Z"))).toBe("subscribers-2025-07-03.csv");
  });
});

describe.each(TEST_ENGINES)("exportSubscribersCsv on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("exports every subscriber, newest first, under a header", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    expect(await exportSubscribersCsv(db)).toBe("email,subscribed_at\r\n");
    // Written directly: the subscribe form would refuse these addresses, older rows may not have.
    await db
      .insertInto("email_subscribers")
      .values([
        { id: "s1", email: "first@example.com", subscribed_at: "2025-06-01T08:00:00.000Z" },
        { id: "s2", email: "=cmd|' /C calc'!A0", subscribed_at: "2025-06-02T08:00:00.000Z" },
        { id: "s3", email: '"quoted",name@example.com', subscribed_at: "2025-06-03T08:00:00.000Z" },
      ])
      .execute();

    expect(await exportSubscribersCsv(db)).toBe(
      [
        "email,subscribed_at",
        '"""quoted"",name@example.com",2025-06-03T08:00:00.000Z',
        "'=cmd|' /C calc'!A0,2025-06-02T08:00:00.000Z",
        "first@example.com,2025-06-01T08:00:00.000Z",
        "",
      ].join("\r\n"),
    );
  });
});

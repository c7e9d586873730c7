import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { csvField, csvFileName, csvValue, keysetCsvStream, toCsv } from "./csv-format.ts";

describe("csv fields", () => {
  it("quotes as RFC 4180 says", () => {
    expect(csvField("plain@example.com")).toBe("plain@example.com");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("")).toBe("");
    expect(
      toCsv([
        ["a", "b"],
        ["c,d", "e"],
      ]),
    ).toBe('a,b\r\n"c,d",e\r\n');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1-555")).toBe("'+1-555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("\r=cmd")).toBe('"\'\r=cmd"');
    expect(csvField("=1,2")).toBe('"\'=1,2"');
    // Text that already starts with a quote before a formula character gets one more.
    expect(csvField("'=A1")).toBe("''=A1");
    // Only a leading character counts.
    expect(csvField("a=b@example.com")).toBe("a=b@example.com");
    expect(csvField("'quoted'")).toBe("'quoted'");
  });

  it("reads back every value exactly as it was before the formula guard", () => {
    const values = ["=SUM(A1)", "+1", "-2", "@x", "\tx", "'=A1", "''+1", "'plain", "plain", "", 'a "b", c\r\nd'];
    const [record] = parse(toCsv([values]), { record_delimiter: ["\r\n", "\n"] }) as string[][];
    expect(record!.map(csvValue)).toEqual(values);
  });

  it("names files after the day", () => {
    expect(csvFileName("orders", new Date("2025-07-03T23:59:00.000Z"))).toBe("orders-2025-07-03.csv");
  });
});

describe("keysetCsvStream", () => {
  it("asks for the next page after the last row, one page per chunk, and closes once", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const asked: (number | null)[] = [];
    let closed = 0;
    const stream = keysetCsvStream({
      header: ["n"],
      pageSize: 2,
      fetchPage: async (cursor: number | null, limit) => {
        asked.push(cursor);
        return rows.filter((n) => cursor === null || n > cursor).slice(0, limit);
      },
      cursorOf: (n) => n,
      toFields: (n) => [String(n)],
      onClose: () => closed++,
    });
    const chunks: string[] = [];
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    expect(chunks).toEqual(["n\r\n", "0\r\n1\r\n", "2\r\n3\r\n", "4\r\n"]);
    expect(asked).toEqual([null, 1, 3]);
    expect(closed).toBe(1);
  });

  it("gives the event loop a turn before every page, so a timer fires during a long export", async () => {
    // Pages that resolve at once, as better-sqlite3's do: without a yield, the whole export would
    // run in one go of microtasks and no request (not even /healthz) would be served meanwhile.
    let pagesRead = 0;
    const stream = keysetCsvStream({
      header: ["n"],
      pageSize: 10,
      fetchPage: (cursor: number | null, limit) => {
        pagesRead++;
        const from = cursor === null ? 0 : cursor + 1;
        return Promise.resolve(from >= 1000 ? [] : Array.from({ length: limit }, (_, i) => from + i));
      },
      cursorOf: (n) => n,
      toFields: (n) => [String(n)],
    });
    let pagesWhenTimerFired: number | null = null;
    setTimeout(() => (pagesWhenTimerFired = pagesRead), 0);
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    expect(pagesRead).toBe(101);
    expect(pagesWhenTimerFired).not.toBeNull();
    expect(pagesWhenTimerFired!).toBeLessThan(pagesRead);
  });
});

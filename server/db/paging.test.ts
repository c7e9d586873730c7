import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, fetchPage, MAX_PAGE_SIZE } from "./paging.ts";
import { normalizeSearch, SEARCH_MAX_LENGTH } from "./search-pattern.ts";

/** A fake table of `total` numbered rows, recording each range asked for. */
function table(total: number) {
  const ranges: { limit: number; offset: number }[] = [];
  return {
    ranges,
    count: async () => total,
    fetch: async (range: { limit: number; offset: number }) => {
      ranges.push(range);
      return Array.from(
        { length: Math.max(0, Math.min(range.limit, total - range.offset)) },
        (_, i) => range.offset + i,
      );
    },
  };
}

describe("fetchPage", () => {
  it("defaults to the first page of 50", async () => {
    const t = table(120);
    const page = await fetchPage({}, t.count, t.fetch);
    expect(page).toMatchObject({ total: 120, page: 1, pageCount: 3 });
    expect(t.ranges).toEqual([{ limit: DEFAULT_PAGE_SIZE, offset: 0 }]);
  });

  it("clamps odd page numbers and sizes", async () => {
    const cases = [
      [{ page: 2 }, 2, 50],
      [{ page: "3" }, 3, 100],
      [{ page: " 2 " }, 2, 50],
      [{ page: 2.9 }, 2, 50],
      [{ page: 0 }, 1, 0],
      [{ page: -7 }, 1, 0],
      [{ page: "x" }, 1, 0],
      [{ page: Number.POSITIVE_INFINITY }, 1, 0],
      [{ page: 1e9 }, 3, 100],
      [{ page: 2, pageSize: 0 }, 2, 1],
      [{ page: 1, pageSize: 10_000 }, 1, 0],
    ] as const;
    for (const [request, page, offset] of cases) {
      const t = table(120);
      expect((await fetchPage(request, t.count, t.fetch)).page, JSON.stringify(request)).toBe(page);
      expect(t.ranges[0]!.offset, JSON.stringify(request)).toBe(offset);
    }
    const t = table(1000);
    await fetchPage({ pageSize: 10_000 }, t.count, t.fetch);
    expect(t.ranges[0]!.limit).toBe(MAX_PAGE_SIZE);
  });

  it("does not query rows of an empty table", async () => {
    const t = table(0);
    expect(await fetchPage({ page: 4 }, t.count, t.fetch)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    expect(t.ranges).toEqual([]);
  });
});

describe("normalizeSearch", () => {
  it("trims, shortens and drops empty searches", () => {
    expect(normalizeSearch("  anna ")).toBe("anna");
    expect(normalizeSearch("   ")).toBeNull();
    expect(normalizeSearch(undefined)).toBeNull();
    expect(normalizeSearch(["anna"])).toBeNull();
    expect(normalizeSearch("x".repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

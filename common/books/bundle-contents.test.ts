import { describe, expect, it } from "vitest";
import { bundleContents } from "./bundle-contents.ts";

describe("a set's contents in words", () => {
  it("names the titles, with counts once any title comes more than once", () => {
    const one = (title: string, quantity = 1) => ({ title, quantity });
    expect(bundleContents({ bookCount: 3, books: [one("A"), one("B"), one("C")] })).toBe("3 books: A, B, C");
    expect(bundleContents({ bookCount: 13, books: [one("Pupil's Book", 12), one("Guide")] })).toBe(
      "13 books: 12 × Pupil's Book, 1 × Guide",
    );
    expect(bundleContents({ bookCount: 1, books: [] })).toBe("1 book");
  });
});

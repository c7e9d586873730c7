import { describe, expect, it } from "vitest";
import { storyPdf } from "#tests/support/story-pdf.ts";
import { isPdf, storyFileName } from "./story-pdf.ts";

describe("what the shop takes as a story PDF", () => {
  it("knows a PDF by its content: the header at the start, the end-of-file marker near the end", async () => {
    const pdf = await storyPdf();
    expect(isPdf(pdf)).toBe(true);
    // Trailing bytes after the marker, as some writers leave them.
    expect(isPdf(Buffer.concat([pdf, Buffer.from("\n\n   \n")]))).toBe(true);
    // Cut short (an upload that broke off), or anything else under a PDF's name.
    expect(isPdf(pdf.subarray(0, pdf.byteLength - 2000))).toBe(false);
    expect(isPdf(Buffer.from("<html><body>%PDF-1.7</body></html>%%EOF"))).toBe(false);
    expect(isPdf(Buffer.from("%PDF-1.7\n%%EOF"))).toBe(false);
    expect(isPdf(Buffer.from(`PK\u0003\u0004${"x".repeat(100)}%%EOF`))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it("names the attachment from the uploaded name, cleaned, always ending in .pdf", () => {
    expect(storyFileName("Jonah and the Big Fish.pdf")).toBe("Jonah and the Big Fish.pdf");
    expect(storyFileName("C:\\Users\\Ruth\\Desktop\\Ruth (print).PDF")).toBe("Ruth (print).pdf");
    expect(storyFileName("../../etc/passwd")).toBe("passwd.pdf");
    expect(storyFileName('story"; filename="evil.exe')).toBe("story-filename-evil.exe.pdf");
    expect(storyFileName("Noé & l’arche.pdf")).toBe("Noe-l-arche.pdf");
    expect(storyFileName(`${"a".repeat(200)}.pdf`)).toHaveLength(80);
    expect(storyFileName("...")).toBe("free-story.pdf");
    expect(storyFileName(null)).toBe("free-story.pdf");
  });
});

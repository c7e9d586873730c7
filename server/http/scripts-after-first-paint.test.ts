import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./scripts-after-first-paint.ts";

const NONCE = "abc+/=";
/** The shape React Router and React write: preloads hoisted into the head, the boot module at the end. */
const DOCUMENT = [
  `<!DOCTYPE html><html><head><meta charset="utf-8"/>`,
  `<link rel="stylesheet" href="/assets/app.css"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/home-B.js" nonce="${NONCE}"/>`,
  `</head><body><h1>Bible Stories</h1>`,
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/home-B.js";\n`,
  `window.__reactRouterRouteModules = {"routes/home":route0};\nimport("/assets/entry.client-A.js");</script>`,
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`,
  `</body></html>`,
].join("");

async function rewrite(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scriptsAfterFirstPaint()));
}

describe("scripts after first paint", () => {
  it("leaves no module preload and no running module in the document, and starts them from one script", async () => {
    const html = await rewrite([DOCUMENT]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      `<script nonce="${NONCE}" type="text/x-module-after-paint" id="boot-module">import * as route0 from "/assets/home-B.js";`,
    );
    // The starter follows the boot module, carries the nonce and names the preloads in order.
    const starter = html.match(/<\/script><script nonce="([^"]+)">(\(\(\)=>.*?)<\/script>/);
    expect(starter?.[1]).toBe(NONCE);
    expect(starter?.[2]).toContain('["/assets/entry.client-A.js","/assets/home-B.js"]');
    // Everything else is as it was.
    expect(html).toContain(`<link rel="stylesheet" href="/assets/app.css"/>`);
    expect(html).toContain("<h1>Bible Stories</h1>");
    expect(html.endsWith(`streamController.close();</script></body></html>`)).toBe(true);
  });

  it("writes the same document however the stream is cut", async () => {
    const whole = await rewrite([DOCUMENT]);
    for (let cut = 1; cut < DOCUMENT.length; cut += 7) {
      expect(await rewrite([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)])).toBe(whole);
    }
    expect(await rewrite([...DOCUMENT])).toBe(whole);
  });

  it("keeps non-ASCII text whole when a character is cut between chunks", async () => {
    const bytes = Buffer.from(`<p>Noé – 诺亚</p>${DOCUMENT}`);
    const chunks = Readable.from([bytes.subarray(0, 5), bytes.subarray(5, 9), bytes.subarray(9)]);
    expect(await text(chunks.pipe(scriptsAfterFirstPaint()))).toContain("<p>Noé – 诺亚</p>");
  });

  it("passes a document without a boot module through unchanged", async () => {
    const page = `<!DOCTYPE html><html><body><p>a < b and c > d</p><script>1</script></body></html>`;
    expect(await rewrite([page.slice(0, 20), page.slice(20)])).toBe(page);
  });

  it("sends what one turn of the event loop writes as one chunk, and a later part as soon as it is written", async () => {
    const transform = scriptsAfterFirstPaint();
    const sent: string[] = [];
    transform.on("data", (chunk: Buffer | string) => sent.push(String(chunk)));
    transform.write("<html><body><p>one</p>");
    transform.write("<p>two</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(["<html><body><p>one</p><p>two</p>"]);
    transform.write("<p>streamed later</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(["<html><body><p>one</p><p>two</p>", "<p>streamed later</p>"]);
    transform.end("</body></html>");
    await new Promise((resolve) => transform.on("end", resolve));
    expect(sent.join("")).toBe("<html><body><p>one</p><p>two</p><p>streamed later</p></body></html>");
  });
});

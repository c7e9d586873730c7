import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layoutMail } from "./mail-layout.ts";

const MAIL = {
  storeName: `Little "Scrolls" & <Co>`,
  blocks: [
    { text: "Hello," },
    { text: "Two lines\nof <b>text</b>." },
    { lines: { items: [{ title: "Ruth & <Naomi>", quantity: 2, amount: "$25.00" }], totals: [["Total", "$25.00"]] } },
    { details: [["Ship to", "Grace\n12 Elm Street"]] },
    { quote: "Their <own> words" },
    { link: { label: "Track your order", url: "https://shop.example/track-order?orderId=ORD-1&x=<y>" } },
  ],
  footer: ["To stop receiving our e-mails, open this link:", "https://shop.example/newsletter/unsubscribe?token=a"],
} as const;

describe("the one mail layout", () => {
  it("writes the plain text block by block, signed by the store, the small print last", () => {
    const { text } = layoutMail(MAIL);
    expect(text).toBe(
      [
        "Hello,",
        "",
        "Two lines\nof <b>text</b>.",
        "",
        "2 × Ruth & <Naomi>: $25.00",
        "",
        "Total: $25.00",
        "",
        "Ship to:\n  Grace\n  12 Elm Street",
        "",
        "Their <own> words",
        "",
        "Track your order: https://shop.example/track-order?orderId=ORD-1&x=<y>",
        "",
        `— Little "Scrolls" & <Co>`,
        "",
        "--\nTo stop receiving our e-mails, open this link:\nhttps://shop.example/newsletter/unsubscribe?token=a",
        "",
      ].join("\n"),
    );
    expect(layoutMail({ ...MAIL, signed: false }).text).not.toContain("— Little");
  });

  it("brands the HTML: the store's name in a band of its colours, one column of 600 px at most, tables and inline styles", () => {
    const { html } = layoutMail(MAIL);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("max-width:600px");
    expect(html).toMatch(/background:#5e360d;[^"]*">Little &quot;Scrolls&quot; &amp; &lt;Co&gt;<\/td>/);
    // Layout by tables, styles inline: clients that drop <style> or ignore CSS layout still show it.
    expect(html).not.toMatch(/<style|<div/);
    expect(html).toContain('role="presentation"');
    // The link as a button, its address escaped; the small print's address as a link.
    expect(html).toContain('href="https://shop.example/track-order?orderId=ORD-1&amp;x=&lt;y&gt;"');
    expect(html).toContain('href="https://shop.example/newsletter/unsubscribe?token=a"');
  });

  it("escapes every value and keeps line breaks", () => {
    const { html } = layoutMail(MAIL);
    expect(html).not.toMatch(/<b>|<Naomi>|<own>|<Co>/);
    expect(html).toContain("Two lines<br>of &lt;b&gt;text&lt;/b&gt;.");
    expect(html).toContain("Ruth &amp; &lt;Naomi&gt;");
    expect(html).toContain("Grace<br>12 Elm Street");
    expect(html).toContain("Their &lt;own&gt; words");
  });

  it("is the layout of every mail the server sends", () => {
    // Each file that addresses a mail from the store builds its body with the layout (the
    // newsletter's through newsletterMail, which does).
    const senders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
          const source = readFileSync(file, "utf8");
          if (/\bstoreSender\(/.test(source) && !file.endsWith(path.join("mail", "mailer.ts"))) senders.push(file);
        }
      }
    };
    walk(path.join(process.cwd(), "server"));
    expect(senders.length).toBeGreaterThanOrEqual(5);
    for (const file of senders) {
      const source = readFileSync(file, "utf8");
      expect(source, file).toMatch(/layoutMail\(|newsletterMail\(/);
      expect(source, file).not.toMatch(/\btext: \[/);
    }
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { createLogger } from "#server/logging/logger.ts";
import { createMailer, storeSender } from "./mailer.ts";

let dataDir = "";
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

it("keeps a store name with quotes, commas and brackets inside the From name: no second sender", async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-mail-"));
  const mailer = createMailer({ dataDir, logger: createLogger("silent") });
  const sender = storeSender({
    storeName: 'Little Scrolls", <attacker@evil.example>, "Press\r\nBcc: victim@evil.example',
    contactEmail: "hello@littlescrolls.example",
  });
  await mailer.send({ from: sender, to: "reader@example.com", subject: "Hello", text: "Hi" });

  const [file] = readdirSync(path.join(dataDir, "mail"));
  const message = readFileSync(path.join(dataDir, "mail", file!), "utf8");
  // Unfolded: a long header continues on lines that start with white space.
  const headers = message
    .replace(/\r\n/g, "\n")
    .split("\n\n")[0]!
    .replace(/\n[ \t]+/g, " ");
  const from = headers.split(/\r?\n/).filter((line) => /^from:/i.test(line));
  expect(from).toHaveLength(1);
  // The only address nodemailer put in the header is the store's; the attacker's text is a quoted name.
  expect(from[0]).toMatch(/<hello@littlescrolls\.example>$/);
  expect(from[0]!.replace(/"(?:[^"\\]|\\.)*"/g, "")).not.toContain("evil.example");
  expect(headers).not.toMatch(/^bcc:/im);
});

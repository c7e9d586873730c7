import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface OutboxMail {
  file: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The plain-text body, quoted-printable decoded (a multipart mail's whole body, as sent). */
  text: string;
  /** What a reader reads: the text, or of a multipart mail (text and HTML) its plain-text part, decoded. */
  plainText: string;
}

/**
 * The e-mails the file mailer wrote to DATA_DIR/mail (no SMTP_URL), oldest first: what the
 * server would have sent, as a reader's mail client would see it.
 */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8").replace(/\r\n/g, "\n");
      const split = raw.indexOf("\n\n");
      const headerBlock = raw.slice(0, split).replace(/\n[ \t]+/g, " ");
      const headers: Record<string, string> = {};
      for (const line of headerBlock.split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = raw.slice(split + 2);
      const boundary = /^multipart\/.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
      const text = decode(body, headers["content-transfer-encoding"]);
      // A mail with text and HTML (the order mails): its plain-text part, as a reader sees it.
      return { file, headers, text, plainText: boundary ? plainTextPart(body, boundary) : text };
    });
}

function decode(body: string, transferEncoding = ""): string {
  if (!/quoted-printable/i.test(transferEncoding)) return body;
  return Buffer.from(
    body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function plainTextPart(body: string, boundary: string): string {
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1];
    return decode(part.slice(split + 2), encoding);
  }
  return body;
}

/** The links of a mail's text that lead to `pathname` (e.g. "/newsletter/confirm"). */
export function linksTo(mail: OutboxMail, pathname: string): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>]+/g)]
    .map((m) => m[0])
    .filter((url) => new URL(url).pathname === pathname);
}

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface OutboxMail {
  file: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The plain-text body (of a multipart mail, its text/plain part), decoded. */
  text: string;
  /** The HTML part, decoded; null when the mail has none. */
  html: string | null;
  /** The whole body as written (every part and attachment, still encoded). */
  raw: string;
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
      const { headers, body } = splitEntity(readFileSync(path.join(dir, file), "utf8").replace(/\r\n/g, "\n"));
      const leaves = textParts(headers, body);
      return {
        file,
        headers,
        text: leaves.find((part) => part.type === "text/plain")?.content ?? "",
        html: leaves.find((part) => part.type === "text/html")?.content ?? null,
        raw: body,
      };
    });
}

/** A MIME entity's headers (names in lower case, folded lines joined) and its body. */
function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const split = entity.indexOf("\n\n");
  const headerBlock = (split < 0 ? entity : entity.slice(0, split)).replace(/\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of headerBlock.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: split < 0 ? "" : entity.slice(split + 2) };
}

/** The text/plain and text/html parts of an entity, walking multipart ones; attachments are left out. */
function textParts(headers: Record<string, string>, body: string): { type: string; content: string }[] {
  const type = (headers["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => {
        const entity = splitEntity(part.replace(/^\n/, ""));
        return textParts(entity.headers, entity.body.replace(/\n$/, ""));
      });
  }
  if (/attachment/i.test(headers["content-disposition"] ?? "")) return [];
  if (type !== "text/plain" && type !== "text/html") return [];
  return [{ type, content: decode(body, headers["content-transfer-encoding"] ?? "") }];
}

function decode(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The links of a mail's text that lead to `pathname` (e.g. "/newsletter/confirm"). */
export function linksTo(mail: OutboxMail, pathname: string): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>]+/g)]
    .map((m) => m[0])
    .filter((url) => new URL(url).pathname === pathname);
}

/** A file attached to a mail the file mailer wrote, decoded. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The attachments of a mail of the outbox (readOutbox's), as a mail client would save them: each
 * MIME part marked `Content-Disposition: attachment`, its base64 body decoded.
 */
export function attachmentsOf(dataDir: string, mail: OutboxMail): OutboxAttachment[] {
  const raw = readFileSync(path.join(dataDir, "mail", mail.file), "utf8").replace(/\r\n/g, "\n");
  const boundary = /boundary="?([^";\n]+)"?/.exec(mail.headers["content-type"] ?? "")?.[1];
  if (!boundary) return [];
  const attachments: OutboxAttachment[] = [];
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\n[ \t]+/g, " ");
    const disposition = /^content-disposition:\s*(.*)$/im.exec(headers)?.[1] ?? "";
    if (!/^attachment/i.test(disposition)) continue;
    attachments.push({
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "",
      contentType: (/^content-type:\s*([^;\n]+)/im.exec(headers)?.[1] ?? "").trim(),
      bytes: Buffer.from(part.slice(split + 2).replace(/\s+/g, ""), "base64"),
    });
  }
  return attachments;
}

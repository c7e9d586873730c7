/**
 * The one layout of every e-mail the shop sends (order mails, account mails, the newsletter's,
 * the contact form's): what a mail says is a list of blocks, written here both as the plain
 * text and as branded HTML. The HTML is what common mail clients render: tables for layout, inline
 * styles only (no <style>, which some clients drop), 600 px at most and fluid below it for phones,
 * the shop's name in a header band in its colours (app/app.css: brand-800 on brand-50). Every value
 * is escaped: names, titles and messages come from buyers and visitors.
 */

/** A block of a mail, in reading order. */
export type MailBlock =
  /** A paragraph; line breaks in it are kept. */
  | { text: string }
  /** A button in HTML; "label: url" in the text. */
  | { link: { label: string; url: string } }
  /** Labelled values ("Order: ORD-…"); a value of several lines is indented under its label in the text. */
  | { details: readonly (readonly [label: string, value: string])[] }
  /** An order's lines and its totals. */
  | { lines: { items: readonly OrderLine[]; totals: readonly (readonly [label: string, value: string])[] } }
  /** Someone else's words quoted whole (a contact message), set apart from the shop's own. */
  | { quote: string };

export interface OrderLine {
  title: string;
  quantity: number;
  /** Already formatted ("$25.00"). */
  amount: string;
}

export interface MailLayoutInput {
  storeName: string;
  blocks: readonly MailBlock[];
  /** Small print under a rule (why the mail came, how to stop it). */
  footer?: readonly string[];
  /** Closes the text with "— store name" (customers' mails); a notice to the shop itself is not signed. */
  signed?: boolean;
}

/** The shop's colours as mail clients need them: hex values, inline. */
const BRAND = {
  page: "#fdf8ee",
  band: "#5e360d",
  bandText: "#ffffff",
  button: "#7c4710",
  soft: "#f8ecd3",
  ink: "#1f2937",
  muted: "#4b5563",
  rule: "#f0e2c4",
} as const;

const FONT = "Georgia, 'Times New Roman', serif";
const BODY_FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The mail as plain text and as HTML, from the same blocks. */
export function layoutMail(input: MailLayoutInput): { text: string; html: string } {
  return { text: mailText(input), html: mailHtml(input) };
}

function mailText({ storeName, blocks, footer, signed = true }: MailLayoutInput): string {
  const parts = blocks.map(blockText);
  if (signed) parts.push(`— ${storeName}`);
  if (footer?.length) parts.push(["--", ...footer].join("\n"));
  return `${parts.join("\n\n")}\n`;
}

function blockText(block: MailBlock): string {
  if ("text" in block) return block.text;
  if ("link" in block) return `${block.link.label}: ${block.link.url}`;
  if ("details" in block) return block.details.map(([label, value]) => detailText(label, value)).join("\n");
  if ("lines" in block) {
    const items = block.lines.items.map((line) => `${line.quantity} × ${line.title}: ${line.amount}`);
    const totals = block.lines.totals.map(([label, value]) => `${label}: ${value}`);
    return [...items, "", ...totals].join("\n");
  }
  return block.quote;
}

function detailText(label: string, value: string): string {
  return value.includes("\n") ? `${label}:\n  ${value.split("\n").join("\n  ")}` : `${label}: ${value}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escaped, its line breaks kept. */
function multiline(value: string): string {
  return value.split("\n").map(escapeHtml).join("<br>");
}

const CELL = `padding:8px 0;border-bottom:1px solid ${BRAND.rule};vertical-align:top`;

function blockHtml(block: MailBlock): string {
  if ("text" in block) {
    return `<p style="margin:0 0 16px;font-family:${BODY_FONT};font-size:16px;line-height:1.5;color:${BRAND.ink}">${multiline(block.text)}</p>`;
  }
  if ("link" in block) {
    // A "bulletproof" button: the colour is on the table cell, so clients that ignore a link's
    // padding (Outlook) still show a coloured button.
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td style="border-radius:9999px;background:${BRAND.button}"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:12px 24px;font-family:${BODY_FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:9999px">${escapeHtml(block.link.label)}</a></td></tr></table>`;
  }
  if ("details" in block) {
    const rows = block.details
      .map(
        ([label, value]) =>
          `<tr><th scope="row" align="left" style="${CELL};padding-right:16px;width:35%;font-weight:bold;color:${BRAND.muted}">${escapeHtml(label)}</th><td style="${CELL};color:${BRAND.ink};word-break:break-word">${multiline(value)}</td></tr>`,
      )
      .join("");
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse;font-family:${BODY_FONT};font-size:15px;line-height:1.4">${rows}</table>`;
  }
  if ("lines" in block) {
    const head = `<tr><th align="left" style="${CELL};color:${BRAND.muted}">Item</th><th align="right" style="${CELL};padding-left:8px;color:${BRAND.muted}">Qty</th><th align="right" style="${CELL};padding-left:8px;color:${BRAND.muted}">Amount</th></tr>`;
    const items = block.lines.items
      .map(
        (line) =>
          `<tr><td style="${CELL};color:${BRAND.ink};word-break:break-word">${escapeHtml(line.title)}</td><td align="right" style="${CELL};padding-left:8px;color:${BRAND.ink}">${line.quantity}</td><td align="right" style="${CELL};padding-left:8px;color:${BRAND.ink};white-space:nowrap">${escapeHtml(line.amount)}</td></tr>`,
      )
      .join("");
    const totals = block.lines.totals
      .map(
        ([label, value], index, all) =>
          `<tr><th colspan="2" scope="row" align="right" style="padding:6px 0;color:${BRAND.ink};${index === all.length - 1 ? "font-size:17px" : "font-weight:normal"}">${escapeHtml(label)}</th><td align="right" style="padding:6px 0 6px 8px;color:${BRAND.ink};white-space:nowrap;${index === all.length - 1 ? "font-weight:bold;font-size:17px" : ""}">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse;font-family:${BODY_FONT};font-size:15px;line-height:1.4"><thead>${head}</thead><tbody>${items}</tbody><tfoot>${totals}</tfoot></table>`;
  }
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px"><tr><td style="padding:12px 16px;background:${BRAND.soft};border-left:4px solid ${BRAND.button};font-family:${BODY_FONT};font-size:15px;line-height:1.5;color:${BRAND.ink};word-break:break-word">${multiline(block.quote)}</td></tr></table>`;
}

function mailHtml({ storeName, blocks, footer, signed = true }: MailLayoutInput): string {
  const name = escapeHtml(storeName);
  const body = blocks.map(blockHtml).join("\n");
  const signature = signed
    ? `<p style="margin:8px 0 0;font-family:${FONT};font-size:16px;color:${BRAND.band}">— ${name}</p>`
    : "";
  const smallPrint = footer?.length
    ? `<tr><td style="padding:16px 24px 32px;font-family:${BODY_FONT};font-size:13px;line-height:1.5;color:${BRAND.muted};word-break:break-word">${footer.map((line) => linkify(line)).join("<br>")}</td></tr>`
    : "";
  // One centred column, 600 px at most and the phone's width below it (width:100% plus max-width;
  // the MSO conditional gives Outlook, which ignores max-width, a fixed 600 px table).
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting">',
    `<title>${name}</title></head>`,
    `<body style="margin:0;padding:0;background:${BRAND.page};-webkit-text-size-adjust:100%">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${BRAND.page}"><tr><td align="center" style="padding:24px 12px">`,
    '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:16px;overflow:hidden">`,
    `<tr><td style="padding:20px 24px;background:${BRAND.band};font-family:${FONT};font-size:22px;font-weight:bold;color:${BRAND.bandText}">${name}</td></tr>`,
    `<tr><td style="padding:28px 24px 24px">`,
    body,
    signature,
    "</td></tr>",
    smallPrint,
    "</table>",
    "<!--[if mso]></td></tr></table><![endif]-->",
    "</td></tr></table>",
    "</body>",
    "</html>",
  ].join("\n");
}

/** Small print with its web addresses as links (the unsubscribe link). */
function linkify(line: string): string {
  return line
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:${BRAND.button};text-decoration:underline">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join("");
}

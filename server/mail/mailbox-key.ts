/** Providers that ignore dots in the local part: `r.u.t.h@gmail.com` reaches `ruth@gmail.com`. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches, for counting mails per recipient: lower case, without a
 * `+tag` (which most providers deliver to the same mailbox), without Gmail's ignored dots. Only
 * for limits: mail still goes to the address as typed. Spellings of one mailbox share one count,
 * so a cap per recipient cannot be walked around with `victim+1@`, `victim+2@`, `v.ictim@`.
 */
export function mailboxKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  local = local.split("+")[0] || local;
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

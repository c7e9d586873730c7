/**
 * The store's profiles on social networks, shown as buttons in the footer (every page) and set in
 * Store Settings. Plain TypeScript: the footer is on every storefront page, which carries no zod
 * (decision 16); the settings schema builds its checks on this table.
 */

/** The networks with a field of their own, in the footer's order; any other profile is an "other" link. */
export const SOCIAL_NETWORKS = [
  { id: "facebook", name: "Facebook", hosts: ["facebook.com", "fb.com", "fb.me"] },
  { id: "instagram", name: "Instagram", hosts: ["instagram.com", "instagr.am"] },
  { id: "youtube", name: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  { id: "x", name: "X", hosts: ["x.com", "twitter.com"] },
  { id: "tiktok", name: "TikTok", hosts: ["tiktok.com"] },
  // Pinterest has a site per country (pinterest.co.uk, pinterest.ca …) and its short links.
  { id: "pinterest", name: "Pinterest", hosts: ["pinterest.com", "pin.it"], hostPattern: /(^|\.)pinterest\.[a-z.]+$/ },
] as const satisfies readonly { id: string; name: string; hosts: readonly string[]; hostPattern?: RegExp }[];

export type SocialNetworkId = (typeof SOCIAL_NETWORKS)[number]["id"];

/** At most this many "other" links (a blog, Threads, a podcast …). */
export const MAX_OTHER_SOCIAL_LINKS = 3;
export const SOCIAL_LINK_LIMITS = { url: 300, name: 40 } as const;

/** A link as stored (store_settings.social_links, a JSON array in display order) and as the footer shows it. */
export type SocialLink =
  | { network: SocialNetworkId; url: string }
  /** Another profile, under the name the owner gave it. */
  | { network: "other"; name: string; url: string };

/** The name a link's button is announced and shown by. */
export function socialLinkName(link: SocialLink): string {
  if (link.network === "other") return link.name;
  return SOCIAL_NETWORKS.find((network) => network.id === link.network)!.name;
}

/**
 * An https address a visitor may be sent to: no other scheme, no user name or password in it
 * (`https://facebook.com@evil.example` shows one host and opens another), and a host with a dot.
 * The URL parser is the browser's and Node's own. Null when it is not one.
 */
export function httpsUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password) return null;
  if (!url.hostname.includes(".") || url.hostname.endsWith(".")) return null;
  return url;
}

/** Whether an https address is on the network's site (facebook.com, m.facebook.com …). */
export function isOnNetwork(url: URL, networkId: SocialNetworkId): boolean {
  const network = SOCIAL_NETWORKS.find((candidate) => candidate.id === networkId)!;
  const host = url.hostname.toLowerCase();
  if (network.hosts.some((name) => host === name || host.endsWith(`.${name}`))) return true;
  return "hostPattern" in network && network.hostPattern.test(host);
}

/**
 * The stored links, read back for a page: anything that is not a valid link (a hand-edited row,
 * an unknown network) is left out rather than shown, and the networks come in the table's order,
 * the other links after them.
 */
export function readSocialLinks(stored: string | null | undefined): SocialLink[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const links: SocialLink[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { network, url, name } = entry as Record<string, unknown>;
    if (typeof url !== "string" || url.length > SOCIAL_LINK_LIMITS.url) continue;
    const address = httpsUrl(url);
    if (!address) continue;
    if (network === "other") {
      if (typeof name === "string" && name.trim() && name.length <= SOCIAL_LINK_LIMITS.name)
        links.push({ network, name: name.trim(), url: address.href });
      continue;
    }
    const known = SOCIAL_NETWORKS.find((candidate) => candidate.id === network);
    if (known && isOnNetwork(address, known.id) && !links.some((link) => link.network === known.id))
      links.push({ network: known.id, url: address.href });
  }
  const order = (link: SocialLink) =>
    link.network === "other" ? SOCIAL_NETWORKS.length : SOCIAL_NETWORKS.findIndex((n) => n.id === link.network);
  return links
    .map((link, index) => ({ link, index }))
    .sort((a, b) => order(a.link) - order(b.link) || a.index - b.index)
    .map(({ link }) => link);
}

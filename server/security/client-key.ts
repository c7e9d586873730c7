import { isIPv4, isIPv6 } from "node:net";

/**
 * The rate-limit key of a client address. One IPv6 subscriber usually holds a whole /64 and can
 * pick any address in it, so IPv6 clients are counted by their /64 prefix; an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the IPv4 client it stands for.
 * Anything else (e.g. "unknown" without a socket) is its own key.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (isIPv4(trimmed)) return trimmed;
  // A zone ("fe80::1%eth0") names the interface, not the client.
  const withoutZone = trimmed.split("%")[0]!;
  if (!isIPv6(withoutZone)) return trimmed;
  const groups = expandIPv6(withoutZone);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a dotted IPv4 tail spelled out). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

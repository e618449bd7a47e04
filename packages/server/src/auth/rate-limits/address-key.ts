import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a client address is limited under: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address); an IPv6 address by its /64 network, the block a single subscriber or
 * host is given, so that stepping through the addresses of one's own network does not step past
 * the limits. Anything else (no address at all) is kept as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:([\d.]+)$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, in lowercase without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [withoutZone = ""] = address.split("%");
  const [head = "", tail] = withoutZone.split("::");
  const groups = (part: string | undefined): string[] =>
    part === undefined || part === ""
      ? []
      : part.split(":").flatMap((group) => (isIPv4(group) ? ipv4AsGroups(group) : [group]));
  const left = groups(head);
  const right = groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

function ipv4AsGroups(address: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

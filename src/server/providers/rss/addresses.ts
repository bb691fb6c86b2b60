import net from 'node:net';

// Two lists, each checked with its own family: node's BlockList reads an IPv4 address as its
// IPv4-mapped IPv6 form too, so an IPv6 rule such as ::/3 would otherwise block every IPv4.
const IPV4_NOT_PUBLIC = new net.BlockList();
for (const [base, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  IPV4_NOT_PUBLIC.addSubnet(base, bits, 'ipv4');
}

// Global unicast is 2000::/3: everything outside it is refused, and so are the reserved parts
// inside it. ::/3 holds ::, ::1, the IPv4-mapped ::ffff:0:0/96, NAT64's 64:ff9b::/96 and the
// IPv4-compatible ::a.b.c.d, so no IPv6 spelling of an IPv4 address passes, public or not.
const IPV6_NOT_PUBLIC = new net.BlockList();
for (const [base, bits] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1], // unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8 …
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['3fff::', 20], // documentation
] as const) {
  IPV6_NOT_PUBLIC.addSubnet(base, bits, 'ipv6');
}

/**
 * True only for a globally routable unicast address written canonically: false for loopback,
 * private, shared (100.64/10), link-local, multicast, reserved and documentation ranges,
 * unique-local and IPv4-mapped or -embedding IPv6, and anything that is not an IP address
 * (IPv4 in octal, hex or shortened form, a zone index).
 */
export function isPublicAddress(ip: string): boolean {
  if (typeof ip !== 'string') return false;
  const address = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // BlockList reads "127.1" as no address and lets it through: only node's strict forms pass.
  if (net.isIPv4(address)) return !IPV4_NOT_PUBLIC.check(address, 'ipv4');
  if (address.includes('%') || !net.isIPv6(address)) return false;
  return !IPV6_NOT_PUBLIC.check(address, 'ipv6');
}

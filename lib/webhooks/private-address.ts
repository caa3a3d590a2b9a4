import { isIPv4, isIPv6 } from "node:net";

/**
 * Is this IP address somewhere a webhook must not reach (SSRF, DECISIONS §6)? True for private,
 * loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved and documentation
 * ranges, for IPv6 forms that embed such an IPv4 address (mapped, compatible, NAT64, 6to4), and
 * for anything that is not a valid IP at all (fail closed).
 */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""); // brackets, IPv6 zone id
  if (isIPv4(address)) return isPrivateIPv4(parseIPv4(address));
  if (isIPv6(address)) return isPrivateIPv6(parseIPv6(address));
  return true;
}

type Range4 = [base: number, bits: number];

const PRIVATE_V4: Range4[] = [
  [parseIPv4("0.0.0.0"), 8], // "this network", unspecified
  [parseIPv4("10.0.0.0"), 8], // RFC 1918
  [parseIPv4("100.64.0.0"), 10], // CGNAT (RFC 6598)
  [parseIPv4("127.0.0.0"), 8], // loopback
  [parseIPv4("169.254.0.0"), 16], // link-local (cloud metadata lives here)
  [parseIPv4("172.16.0.0"), 12], // RFC 1918
  [parseIPv4("192.0.0.0"), 24], // IETF protocol assignments
  [parseIPv4("192.0.2.0"), 24], // TEST-NET-1
  [parseIPv4("192.88.99.0"), 24], // 6to4 relay anycast
  [parseIPv4("192.168.0.0"), 16], // RFC 1918
  [parseIPv4("198.18.0.0"), 15], // benchmarking
  [parseIPv4("198.51.100.0"), 24], // TEST-NET-2
  [parseIPv4("203.0.113.0"), 24], // TEST-NET-3
  [parseIPv4("224.0.0.0"), 4], // multicast
  [parseIPv4("240.0.0.0"), 4], // reserved, broadcast
];

function parseIPv4(text: string): number {
  return text.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function isPrivateIPv4(value: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return value >= base && value < base + size;
  });
}

/** Eight 16-bit groups; `::` expanded and a trailing dotted quad folded into the last two. */
function parseIPv6(text: string): number[] {
  let source = text.toLowerCase();
  const dotted = source.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]!);
    const tail = `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
    source = source.slice(0, -dotted[1]!.length) + tail;
  }
  const [head, rest] = source.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

function isPrivateIPv6(g: number[]): boolean {
  const embeddedV4 = (hi: number, lo: number) => isPrivateIPv4(hi * 65536 + lo);
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return true; // ::
  if (zeroUntil(7) && g[7] === 1) return true; // ::1
  if (zeroUntil(5) && g[5] === 0xffff) return embeddedV4(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zeroUntil(6)) return true; // ::a.b.c.d (deprecated IPv4-compatible)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return embeddedV4(g[6]!, g[7]!); // 64:ff9b::/96 NAT64 well-known prefix
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // 64:ff9b:1::/48 local NAT64
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // 100::/64 discard
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if (g[0] === 0x2002) return embeddedV4(g[1]!, g[2]!); // 6to4 carries an IPv4 address
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  return false;
}

import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "@/lib/webhooks/private-address";

const refused = [
  // IPv4: RFC 1918, loopback, link-local (metadata), CGNAT, unspecified, multicast, reserved
  "10.0.0.1",
  "10.255.255.255",
  "172.16.0.1",
  "172.20.10.5",
  "172.31.255.255",
  "192.168.0.1",
  "192.168.255.254",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.255",
  "0.0.0.0",
  "0.1.2.3",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "192.0.2.10",
  "198.18.0.1",
  // IPv6: unspecified, loopback, unique-local, link-local, site-local, multicast, documentation
  "::",
  "::1",
  "[::1]",
  "0:0:0:0:0:0:0:1",
  "fc00::1",
  "fd12:3456:789a::1",
  "fe80::1",
  "fe80::1%eth0",
  "febf:ffff::1",
  "fec0::1",
  "ff02::1",
  "2001:db8::1",
  // IPv4 embedded in IPv6: mapped (dotted and hex), compatible, NAT64, 6to4
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::FFFF:10.1.2.3",
  "::ffff:169.254.169.254",
  "::127.0.0.1",
  "64:ff9b::10.0.0.1",
  "64:ff9b:1::1",
  "2002:c0a8:0101::1",
  // not an IP at all: fail closed
  "",
  "localhost",
  "example.com",
  "999.1.1.1",
  "1.2.3",
];

const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "172.15.255.255",
  "172.32.0.1",
  "100.63.255.255",
  "100.128.0.1",
  "169.253.0.1",
  "192.169.0.1",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:0808:0808::1",
  "fbff::1",
  "fe7f::1",
];

describe("isPrivateAddress", () => {
  it.each(refused)("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
  it.each(allowed)("allows %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

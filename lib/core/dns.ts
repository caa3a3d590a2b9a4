import { Resolver } from "node:dns/promises";

/**
 * What domain verification needs from DNS: the runtime's `dns` (tests give a fake zone).
 * `resolveMx` is optional so that fakes written for TXT alone keep working: without it the MX
 * check answers `pending`.
 */
export type DnsResolver = {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx?(name: string): Promise<{ exchange: string; priority: number }[]>;
};

/**
 * node's resolver, optionally pointed at DNS_SERVER (`1.1.1.1`, `10.0.0.2:5353`, `[::1]:53`),
 * for hosts whose system resolver is split-horizon or caches too long.
 */
export function systemDnsResolver(server: string | undefined): DnsResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

import { Resolver } from "node:dns/promises";
import type { Config } from "@/lib/core/config";
import type { MxLookup, TxtLookup } from "./check";
import { joinTxtChunks } from "./check";

/**
 * What verification needs from DNS; tests inject a fake. `resolveMx` is optional so that fakes
 * written for TXT alone keep working: without it the MX check answers `pending`.
 */
export type DnsResolver = {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx?(name: string): Promise<{ exchange: string; priority: number }[]>;
};

// Answers that mean "no such record", as opposed to a lookup that could not be made.
const NOT_FOUND_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "ENONAME"]);

/**
 * node's resolver, optionally pointed at DNS_SERVER (`1.1.1.1`, `10.0.0.2:5353`, `[::1]:53`),
 * for hosts whose system resolver is split-horizon or caches too long.
 */
export function systemDnsResolver(server: string | undefined): DnsResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

type ResolverGlobal = {
  __mailwrightSystemDnsResolver?: { server: string | undefined; resolver: DnsResolver };
  __mailwrightInstalledDnsResolver?: DnsResolver;
};
const store = globalThis as unknown as ResolverGlobal;

/** Replaces the process-wide resolver (tests); `null` restores the system one. */
export function installDnsResolver(resolver: DnsResolver | null) {
  store.__mailwrightInstalledDnsResolver = resolver ?? undefined;
}

/** The installed resolver, else the system one for the configured DNS_SERVER (kept per process). */
export function currentDnsResolver(config: Pick<Config, "dnsServer">): DnsResolver {
  if (store.__mailwrightInstalledDnsResolver) return store.__mailwrightInstalledDnsResolver;
  let system = store.__mailwrightSystemDnsResolver;
  if (!system || system.server !== config.dnsServer) {
    system = { server: config.dnsServer, resolver: systemDnsResolver(config.dnsServer) };
    store.__mailwrightSystemDnsResolver = system;
  }
  return system.resolver;
}

function failedLookup(error: unknown): { kind: "missing" } | { kind: "error"; code: string } {
  const code = String((error as { code?: unknown })?.code ?? "EUNKNOWN");
  return NOT_FOUND_CODES.has(code) ? { kind: "missing" } : { kind: "error", code };
}

/** A TXT lookup that never throws: not-found answers and failures become values. */
export async function lookupTxt(resolver: DnsResolver, name: string): Promise<TxtLookup> {
  try {
    const records = joinTxtChunks(await resolver.resolveTxt(name));
    return records.length === 0 ? { kind: "missing" } : { kind: "found", records };
  } catch (error) {
    return failedLookup(error);
  }
}

/** An MX lookup that never throws, like lookupTxt. */
export async function lookupMx(resolver: DnsResolver, name: string): Promise<MxLookup> {
  if (!resolver.resolveMx) return { kind: "error", code: "ENOTIMP" };
  try {
    const records = await resolver.resolveMx(name);
    return records.length === 0 ? { kind: "missing" } : { kind: "found", records };
  } catch (error) {
    return failedLookup(error);
  }
}

import { Resolver } from "node:dns/promises";
import type { TxtLookup } from "./check";
import { joinTxtChunks } from "./check";

/** The one thing verification needs from DNS; tests inject a fake. */
export type DnsResolver = { resolveTxt(name: string): Promise<string[][]> };

// Answers that mean "no such record", as opposed to a lookup that could not be made.
const NOT_FOUND_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "ENONAME"]);

/**
 * node's resolver, optionally pointed at DNS_SERVER (`1.1.1.1`, `10.0.0.2:5353`, `[::1]:53`),
 * for hosts whose system resolver is split-horizon or caches too long.
 */
export function systemDnsResolver(
  env: Record<string, string | undefined> = process.env,
): DnsResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const server = env.DNS_SERVER?.trim();
  if (server) resolver.setServers([server]);
  return resolver;
}

type ResolverGlobal = { __mailwrightDnsResolver?: DnsResolver };
const store = globalThis as unknown as ResolverGlobal;

/** Replaces the process-wide resolver (tests); `null` restores the system one. */
export function installDnsResolver(resolver: DnsResolver | null) {
  store.__mailwrightDnsResolver = resolver ?? undefined;
}

export function currentDnsResolver(): DnsResolver {
  store.__mailwrightDnsResolver ??= systemDnsResolver();
  return store.__mailwrightDnsResolver;
}

/** A TXT lookup that never throws: not-found answers and failures become values. */
export async function lookupTxt(resolver: DnsResolver, name: string): Promise<TxtLookup> {
  try {
    const records = joinTxtChunks(await resolver.resolveTxt(name));
    return records.length === 0 ? { kind: "missing" } : { kind: "found", records };
  } catch (error) {
    const code = String((error as { code?: unknown })?.code ?? "EUNKNOWN");
    return NOT_FOUND_CODES.has(code) ? { kind: "missing" } : { kind: "error", code };
  }
}

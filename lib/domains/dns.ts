import type { DnsResolver } from "@/lib/core/dns";
import type { MxLookup, TxtLookup } from "./check";
import { joinTxtChunks } from "./check";

// Answers that mean "no such record", as opposed to a lookup that could not be made.
const NOT_FOUND_CODES: ReadonlySet<string> = new Set([
  "ENOTFOUND",
  "ENODATA",
  "NXDOMAIN",
  "ENONAME",
]);

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

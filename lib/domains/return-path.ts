import type { Config } from "@/lib/core/config";

/**
 * The domain of every message's return path (DECISIONS §9): `BOUNCE_DOMAIN` when set (one for
 * every sender), else `bounces.<sending domain>`. Its MX and SPF records are among a domain's
 * records; lib/sending/return-path.ts builds the addresses under it.
 */
export function returnPathDomain(
  config: Pick<Config, "bounceDomain">,
  sendingDomain: string,
): string {
  return config.bounceDomain ?? `bounces.${sendingDomain}`;
}

import { RateLimitedError } from "../errors";
import type { Runtime } from "../runtime";
import { clientAddressOf } from "./client-address";

/**
 * The per-address budget for requests that prove nothing (no valid API key, a token that names
 * nothing): each failure spends one; an address with none left is refused before any database
 * work, until the bucket refills (UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE).
 */
export type AddressLimit = {
  /** Throws RateLimitedError when the address has no budget left. */
  check(): void;
  /** Spends one unit of the address's budget. */
  fail(): void;
};

export function addressLimit(
  runtime: Pick<Runtime, "unauthenticatedLimiter" | "clock">,
  headers: Headers,
): AddressLimit {
  const address = clientAddressOf(headers);
  const nowMs = runtime.clock.now().getTime();
  return {
    check() {
      if (!address) return;
      const wait = runtime.unauthenticatedLimiter.waitSeconds(address, nowMs);
      if (wait > 0) throw new RateLimitedError(wait);
    },
    fail() {
      if (address) runtime.unauthenticatedLimiter.take(address, nowMs);
    },
  };
}

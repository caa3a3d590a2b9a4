import { RateLimitedError } from "@/lib/core/errors";
import type { Clock } from "@/lib/core/clock";
import type { WarnOnce } from "@/lib/core/warn-once";
import { clientAddressOf, warnNoClientAddress } from "./client-address";
import { hostedPage } from "./hosted-page";
import type { TokenBucketLimiter } from "./rate-limit";

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
  runtime: { unauthenticatedLimiter: TokenBucketLimiter; clock: Clock; warnOnce: WarnOnce },
  headers: Headers,
): AddressLimit {
  const address = clientAddressOf(headers);
  if (!address) warnNoClientAddress(runtime);
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

/** For the hosted pages (/u, /confirm, click links): a 429 page when the address is over. */
export function limitedPage(limit: AddressLimit): Response | null {
  try {
    limit.check();
    return null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const response = hostedPage(
      "Too many requests",
      "<h1>Too many requests</h1><p>Too many links from your network did not work. Wait a minute, then open the link again.</p>",
      429,
    );
    for (const [name, value] of Object.entries(error.headers ?? {})) {
      response.headers.set(name, value);
    }
    return response;
  }
}

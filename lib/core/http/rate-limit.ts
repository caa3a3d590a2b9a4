/**
 * Token buckets: per API key (DECISIONS §3), and per client address for requests that fail to
 * authenticate. Buckets live in this process: with several web processes the effective limit
 * is per process, which README.md states.
 */
export type RateLimitVerdict = {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
};

type Bucket = { tokens: number; updatedAt: number };

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {}

  take(key: string, nowMs: number): RateLimitVerdict {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: nowMs };
    const elapsed = Math.max(0, nowMs - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.ratePerSecond);
    bucket.updatedAt = nowMs;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.evictFull(nowMs);
    const missing = this.burst - bucket.tokens;
    return {
      allowed,
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      // Seconds until one token (if refused) or a full bucket (if allowed) is available.
      resetSeconds: allowed
        ? Math.ceil(missing / this.ratePerSecond)
        : Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  /** Seconds until `key` has a token again, or 0 if it has one now (nothing is taken). */
  waitSeconds(key: string, nowMs: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const elapsed = Math.max(0, nowMs - bucket.updatedAt) / 1000;
    const tokens = Math.min(this.burst, bucket.tokens + elapsed * this.ratePerSecond);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
  }

  private evictFull(nowMs: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.updatedAt) / 1000) * this.ratePerSecond >= this.burst) {
        this.buckets.delete(key);
      }
    }
  }
}

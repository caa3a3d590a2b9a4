/** 0.4213 → "42.1%"; whole percentages drop the decimal ("50%"). */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** A rate of `part` over `whole`, 0 when there is nothing to divide by. */
export function rateOf(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/**
 * Of the recipients who opened (or clicked), the share whose opens (clicks) were all machines':
 * Apple's prefetch, a gateway's scan (docs/engagement.md). 0 when nobody did.
 */
export function machineShare(all: number, human: number): number {
  return all > 0 ? Math.max(all - human, 0) / all : 0;
}

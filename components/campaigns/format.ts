import { formatCount } from "@/lib/web/dashboard/format";

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

/**
 * "412 people opened · 18% of openers were machines": who a people's rate counts, and how many
 * of all who opened (clicked) it leaves out.
 */
export function engagementHint(
  counts: { human: number; all: number },
  words: { verb: string; who: string },
): string {
  const { human, all } = counts;
  const people = `${formatCount(human)} ${human === 1 ? "person" : "people"} ${words.verb}`;
  if (all <= human) return people;
  return `${people} · ${formatRate(machineShare(all, human))} of ${words.who} were machines`;
}

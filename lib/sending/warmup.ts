import type { Email } from "@/db/schema";
import { takeWarmupAllowance, WARMUP_DAYS, warmupDay, type WarmupDay } from "../domains/warmup";
import { sendingDomainOf } from "./compose";
import type { DeliveryDeps } from "./outcomes";
import type { ParkedEmail } from "./pacing";

/**
 * Campaign emails of a run whose sending domain is in warm-up take today's allowance; those
 * past it wait for tomorrow (parked, pacing.ts). Everything else is sendable as it is.
 */
export async function holdForWarmup(
  deps: DeliveryDeps,
  batch: Email[],
): Promise<{ sendable: Email[]; parked: ParkedEmail[] }> {
  const now = deps.clock.now();
  const sendable: Email[] = [];
  const byDomain = new Map<string, { domain: WarmupDomain; day: WarmupDay; emails: Email[] }>();
  for (const email of batch) {
    const counts = email.campaignId !== null && email.mode === "live";
    const signing = counts ? await sendingDomainOf(deps, email) : null;
    const day = signing ? warmupDay(signing.domain, now) : null;
    if (!signing || !day) {
      sendable.push(email);
      continue;
    }
    const group = byDomain.get(signing.domain.id) ?? { domain: signing.domain, day, emails: [] };
    group.emails.push(email);
    byDomain.set(signing.domain.id, group);
  }
  const parked: ParkedEmail[] = [];
  for (const { domain, day, emails: waiting } of byDomain.values()) {
    const granted = await takeWarmupAllowance(deps.db, domain, day, waiting.length);
    sendable.push(...waiting.slice(0, granted));
    const reason =
      `Warm-up day ${day.day} of ${WARMUP_DAYS} for ${domain.name}: ` +
      `${day.cap.toLocaleString("en-US")} campaign emails a day`;
    for (const email of waiting.slice(granted)) {
      parked.push({
        email,
        waitingOn: "warm-up",
        reason,
        delayMs: day.nextDayAt.getTime() - now.getTime(),
        slotTaken: false,
      });
    }
  }
  return { sendable, parked };
}

type WarmupDomain = { projectId: string; id: string; name: string };

import type { Executor } from "@/db";
import { enrollContactInAutomations, wakeRunsWaitingForEvent } from "./enroll";

/**
 * The one place a recorded event reaches automations, inside the transaction that recorded it:
 * it enrolls the contact in live automations triggered by the event name and wakes the
 * contact's runs waiting for it. The runs it touches become due; the caller wakes the
 * dispatcher after the commit.
 */
export async function fireAutomationTriggers(
  tx: Executor,
  args: {
    projectId: string;
    contactId: string;
    event: { id: string; name: string; data: Record<string, unknown> };
    now: Date;
  },
): Promise<{ enrolledRunIds: string[]; wokenRunIds: string[] }> {
  const { runIds: enrolledRunIds } = await enrollContactInAutomations(tx, {
    projectId: args.projectId,
    contactId: args.contactId,
    trigger: {
      kind: "event",
      name: args.event.name,
      eventId: args.event.id,
      data: args.event.data,
    },
    now: args.now,
  });
  const wokenRunIds = await wakeRunsWaitingForEvent(tx, {
    projectId: args.projectId,
    contactId: args.contactId,
    eventName: args.event.name,
    data: args.event.data,
    now: args.now,
  });
  return { enrolledRunIds, wokenRunIds };
}

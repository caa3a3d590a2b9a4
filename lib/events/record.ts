import { events } from "@/db/schema";
import { wakeAutomationDispatcher } from "../automations/dispatch";
import { fireAutomationTriggers } from "../automations/triggers";
import { findContactByEmail } from "../contacts/internal";
import { withTransaction, type ServiceContext } from "../context";
import { newId } from "../ids";
import { parseInput } from "../validation";
import { RecordEventInput } from "./schemas";

/**
 * POST /v1/events semantics: records the event (attributed to the contact with that email, if
 * any) and, for an attributed event, fires automation triggers in the same transaction.
 */
export async function recordEvent(ctx: ServiceContext, input: unknown) {
  const values = parseInput(RecordEventInput, input);
  const now = ctx.clock.now();
  const data = values.data ?? {};
  const result = await withTransaction(ctx.db, async (tx) => {
    const contact = values.email ? await findContactByEmail(tx, ctx.projectId, values.email) : null;
    const [event] = await tx
      .insert(events)
      .values({
        id: newId("evt", now.getTime()),
        projectId: ctx.projectId,
        name: values.name,
        contactId: contact?.id ?? null,
        email: values.email ?? null,
        data,
        createdAt: now,
      })
      .returning();
    const fired = contact
      ? await fireAutomationTriggers(tx, {
          projectId: ctx.projectId,
          contactId: contact.id,
          event: { id: event!.id, name: event!.name, data },
          now,
        })
      : null;
    return {
      event: event!,
      runsDue: (fired?.enrolledRunIds.length ?? 0) + (fired?.wokenRunIds.length ?? 0),
    };
  });
  if (result.runsDue > 0) wakeAutomationDispatcher();
  return result.event;
}

import { z } from "zod";
import { PageQuery } from "@/lib/core/pagination";
import { EmailAddress, EventName, JsonObject } from "@/lib/core/validation";

export const RecordEventInput = z.object({
  name: EventName,
  // null is accepted as "no email" so clients can send a fixed shape.
  email: EmailAddress.nullish().transform((v) => v ?? undefined),
  data: JsonObject.optional(),
});
export type RecordEventInput = z.input<typeof RecordEventInput>;

export const ListEventsQuery = PageQuery.extend({
  contactId: z.string().max(100).optional(),
  /** Exact event name (names are the caller's, e.g. `user.signed_up`). */
  name: EventName.optional(),
  /**
   * Exact address, case-insensitive: also finds events of emails that are no contact. Exact
   * rather than a fragment so the (project, email) index serves it on any volume.
   */
  email: z.string().trim().toLowerCase().min(1).max(320).optional(),
});
export type ListEventsQuery = z.input<typeof ListEventsQuery>;

import { z } from "zod";
import { PageQuery } from "../pagination";
import { EmailAddress, EventName, JsonObject } from "../validation";

export const RecordEventInput = z.object({
  name: EventName,
  // null is accepted as "no email" so clients can send a fixed shape.
  email: EmailAddress.nullish().transform((v) => v ?? undefined),
  data: JsonObject.optional(),
});
export type RecordEventInput = z.input<typeof RecordEventInput>;

export const ListEventsQuery = PageQuery.extend({
  contactId: z.string().max(100).optional(),
});
export type ListEventsQuery = z.input<typeof ListEventsQuery>;

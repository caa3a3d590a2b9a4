import { z } from "zod";
import { PageQuery } from "../pagination";
import { EmailAddress, JsonObject } from "../validation";

/** Event names (`user.signed_up`); also used by automation triggers and wait steps. */
export const EventName = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");

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

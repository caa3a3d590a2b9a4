import { z } from "zod";
import { PageQuery } from "@/lib/core/pagination";
import { SearchTerm } from "@/lib/core/search/contains";
import { EmailAddress, JsonObject } from "@/lib/core/validation";
import { TopicChoices } from "../topics/schemas";

const Name = z
  .string({ error: "name must be a string or null" })
  .max(200, "name must be at most 200 characters")
  .nullable()
  // SPEC: an empty string is stored as null.
  .transform((v) => (v === null || v.trim() === "" ? null : v.trim()));

const Source = z.string({ error: "source must be a string" }).trim().min(1).max(100);
const Subscribed = z.boolean({ error: "subscribed must be a boolean" });
const Data = JsonObject;

export const UpsertContactInput = z.object({
  email: EmailAddress,
  name: Name.optional(),
  subscribed: Subscribed.optional(),
  source: Source.optional(),
  data: Data.optional(),
  // DECISIONS §13: the contact's choices per topic, as PATCH /v1/contacts/:id/topics takes them.
  topics: TopicChoices.optional(),
});
export type UpsertContactInput = z.input<typeof UpsertContactInput>;

export const UpdateContactInput = z
  .object({
    name: Name.optional(),
    subscribed: Subscribed.optional(),
    source: Source.optional(),
    data: Data.optional(),
    email: z.unknown().optional(),
  })
  .superRefine((value, issue) => {
    if (value.email !== undefined) {
      issue.addIssue({
        code: "custom",
        path: ["email"],
        message: "email cannot be changed; create a new contact instead",
      });
    }
  });
export type UpdateContactInput = z.input<typeof UpdateContactInput>;

const BooleanParam = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");

/** The filters of the contacts list, shared by the API, the dashboard count and the export. */
export const ContactFilterQuery = z.object({
  email: z.string().trim().toLowerCase().max(320).optional(),
  subscribed: BooleanParam.optional(),
  // Part of the email or the name, any case ("silva" finds ana.silva@x.com and "Ana Silva").
  search: SearchTerm,
});

export const ListContactsQuery = PageQuery.extend(ContactFilterQuery.shape);

/** The same filters as values (a boolean `subscribed`), for callers inside the app. */
export const ContactFilterValues = ContactFilterQuery.extend({
  subscribed: z.boolean().optional(),
});
export type ListContactsQuery = z.input<typeof ListContactsQuery>;

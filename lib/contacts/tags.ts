import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { Tag } from "@/lib/core/tags";
import { parseInput } from "@/lib/core/validation";
import { updateContacts } from "./write";

/** Add or remove one tag; see lib/core/tags.ts for what a tag is. */
export const ContactTagInput = z.object({ tag: Tag });

/** `data.tags` as a JSON array in SQL, whatever shape it was stored in. */
const storedTags = sql`case jsonb_typeof(${contacts.data} -> 'tags')
  when 'array' then ${contacts.data} -> 'tags'
  when 'string' then jsonb_build_array(${contacts.data} -> 'tags')
  else '[]'::jsonb end`;

/** Adds a tag in one statement (no read-modify-write race with an automation tagging too). */
export async function addContactTag(ctx: ServiceContext, contactId: string, input: unknown) {
  const { tag } = parseInput(ContactTagInput, input);
  const tagJson = JSON.stringify([tag]);
  return patchTags(
    ctx,
    contactId,
    sql`case when ${storedTags} @> ${tagJson}::jsonb then ${storedTags}
      else ${storedTags} || ${tagJson}::jsonb end`,
  );
}

export async function removeContactTag(ctx: ServiceContext, contactId: string, input: unknown) {
  const { tag } = parseInput(ContactTagInput, input);
  return patchTags(
    ctx,
    contactId,
    sql`coalesce((select jsonb_agg(item) from jsonb_array_elements(${storedTags}) item
      where item <> to_jsonb(${tag}::text)), '[]'::jsonb)`,
  );
}

async function patchTags(ctx: ServiceContext, contactId: string, tags: ReturnType<typeof sql>) {
  const now = ctx.clock.now();
  const [contact] = await updateContacts(
    ctx.db,
    ctx.jobs,
    and(eq(contacts.projectId, ctx.projectId), eq(contacts.id, contactId))!,
    { data: sql`jsonb_set(${contacts.data}, '{tags}', ${tags})`, updatedAt: now },
    now,
  );
  if (!contact) throw new NotFoundError("Contact");
  return contact;
}

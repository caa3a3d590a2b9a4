import { and, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { mergedDataSql } from "./data-patch";
import { UpdateContactInput } from "./schemas";
import { updateContacts } from "./write";

/** PATCH semantics: only the fields sent change; `data` merges shallowly; email is immutable. */
export async function updateContact(ctx: ServiceContext, contactId: string, input: unknown) {
  const values = parseInput(UpdateContactInput, input);
  const now = ctx.clock.now();
  const [contact] = await updateContacts(
    ctx.db,
    ctx.jobs,
    and(eq(contacts.projectId, ctx.projectId), eq(contacts.id, contactId))!,
    {
      ...(values.name !== undefined && { name: values.name }),
      ...(values.subscribed !== undefined && { subscribed: values.subscribed }),
      ...(values.source !== undefined && { source: values.source }),
      ...(values.data !== undefined && { data: mergedDataSql(values.data) }),
      updatedAt: now,
    },
    now,
  );
  if (!contact) throw new NotFoundError("Contact");
  return contact;
}

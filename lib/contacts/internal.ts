import { and, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "@/lib/core/errors";

export async function findContactOrThrow(db: Executor, projectId: string, contactId: string) {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.id, contactId)))
    .limit(1);
  if (!contact) throw new NotFoundError("Contact");
  return contact;
}

export async function findContactByEmail(db: Executor, projectId: string, email: string) {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.email, email.toLowerCase())))
    .limit(1);
  return contact ?? null;
}

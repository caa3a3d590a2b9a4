import { getTableColumns, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { Executor } from "@/db";
import { enrollContactInAutomations } from "../automations/enroll";
import { withTransaction, type ServiceContext } from "../context";
import { newId } from "../ids";
import { parseInput } from "../validation";
import { mergedDataSql, splitDataPatch } from "./data-patch";
import { UpsertContactInput } from "./schemas";

export type UpsertContactResult = { contact: typeof contacts.$inferSelect; created: boolean };

/**
 * POST /v1/contacts semantics: insert, or update only the fields sent. A newly created subscribed
 * contact is enrolled in `contact.subscribed` automations in the same transaction.
 */
export async function upsertContact(
  ctx: ServiceContext & { tx?: Executor },
  input: unknown,
  defaults: { source?: string } = {},
): Promise<UpsertContactResult> {
  const values = parseInput(UpsertContactInput, input);
  const now = ctx.clock.now();
  const dataOnCreate = splitDataPatch(values.data ?? {}).set;

  return withTransaction(ctx.tx ?? ctx.db, async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        id: newId("ct", now.getTime()),
        projectId: ctx.projectId,
        email: values.email,
        name: values.name ?? null,
        subscribed: values.subscribed ?? true,
        source: values.source ?? defaults.source ?? "api",
        data: dataOnCreate,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [contacts.projectId, contacts.email],
        set: {
          ...(values.name !== undefined && { name: values.name }),
          ...(values.subscribed !== undefined && { subscribed: values.subscribed }),
          ...(values.source !== undefined && { source: values.source }),
          ...(values.data !== undefined && { data: mergedDataSql(values.data) }),
          updatedAt: now,
        },
      })
      // xmax = 0 only for a freshly inserted row version.
      .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)` });
    const { created, ...contact } = row!;
    if (created && contact.subscribed) {
      await enrollContactInAutomations(tx, {
        projectId: ctx.projectId,
        contactId: contact.id,
        trigger: { kind: "contact.subscribed" },
        now,
      });
    }
    return { contact, created };
  });
}

import { sql } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { Executor } from "@/db";
import { serializeBlocks } from "./blocks";
import { SYSTEM_TEMPLATES } from "./gallery";

/** Upserts the built-in gallery so an upgrade ships improved system templates. */
export async function syncSystemTemplates(db: Executor, now: Date) {
  if (SYSTEM_TEMPLATES.length === 0) return;
  await db
    .insert(templates)
    .values(
      SYSTEM_TEMPLATES.map((t, index) => ({
        id: t.id,
        projectId: null,
        name: t.name,
        category: t.category,
        subject: t.subject,
        description: t.description,
        source: serializeBlocks({ blocks: t.blocks, ...(t.theme && { theme: t.theme }) }),
        format: "blocks" as const,
        isSystem: true,
        // Stable gallery order: newest-first lists show them in the order they are declared.
        createdAt: new Date(Date.UTC(2026, 0, 1) - index * 1000),
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: templates.id,
      set: {
        name: sql`excluded.name`,
        category: sql`excluded.category`,
        subject: sql`excluded.subject`,
        description: sql`excluded.description`,
        source: sql`excluded.source`,
        updatedAt: sql`excluded.updated_at`,
      },
      // Only a template whose content changed gets a new updated_at.
      setWhere: sql`(${templates.name}, ${templates.category}, ${templates.subject}, ${templates.description}, ${templates.source})
        is distinct from (excluded.name, excluded.category, excluded.subject, excluded.description, excluded.source)`,
    });
}

import { and, count, eq, type SQL } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import type { TemplateCategory } from "@/lib/templates/categories";
import { previewSampleContext } from "@/lib/templates/gallery";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { renderTemplate } from "@/lib/templates/render";
import { newestFirst } from "@/lib/core/pagination";
import { sampleVariables } from "@/lib/templates/sample-values";

export type GalleryTemplate = {
  id: string;
  name: string;
  category: string;
  subject: string;
  description: string | null;
  /** Rendered with sample data (a sample contact, the template's samples), for the thumbnail. */
  html: string;
};

/**
 * The system gallery for the Templates page, with descriptions (not part of the API resource)
 * and rendered thumbnails. Gallery order is the declared one (system.ts dates them so).
 */
export async function listGalleryTemplates(
  ctx: ServiceContext,
  category?: TemplateCategory,
): Promise<GalleryTemplate[]> {
  const rows = await ctx.db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.isSystem, true),
        category !== undefined ? eq(templates.category, category) : undefined,
      ),
    )
    .orderBy(...newestFirst(templates.createdAt, templates.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      subject: row.subject,
      description: row.description,
      html: (
        await renderTemplate(
          row,
          sampleVariables(
            listTemplateVariables(row),
            previewSampleContext(row.id, { publicUrl: ctx.config.appUrl }),
          ),
        )
      ).html,
    })),
  );
}

/** How many own templates match the category filter (shown beside the paged table). */
export async function countOwnTemplates(ctx: ServiceContext, category?: TemplateCategory) {
  const conditions: (SQL | undefined)[] = [
    eq(templates.projectId, ctx.projectId),
    eq(templates.isSystem, false),
    category !== undefined ? eq(templates.category, category) : undefined,
  ];
  const [row] = await ctx.db
    .select({ n: count() })
    .from(templates)
    .where(and(...conditions));
  return row?.n ?? 0;
}

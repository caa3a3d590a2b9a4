import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { newestFirst } from "@/lib/core/pagination";
import type { TemplateCategory } from "./categories";
import { previewSampleContext } from "./gallery";
import { listTemplateVariables } from "./inspect";
import { renderTemplate } from "./render";
import { sampleVariables } from "./sample-values";

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

import { and, eq, or } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { htmlNestingDepth, MAX_HTML_DEPTH } from "@/lib/core/html/depth";
import { parseBlocksSource } from "./blocks";
import type { TemplateFormat } from "./schemas";

/** Rows a project can read: its own templates and the system gallery. */
export function readableBy(projectId: string) {
  return or(eq(templates.projectId, projectId), eq(templates.isSystem, true));
}

/** A template the project may read (own or system), else 404. */
export async function findReadableTemplateOrThrow(db: Executor, projectId: string, id: string) {
  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), readableBy(projectId)))
    .limit(1);
  if (!template) throw new NotFoundError("Template");
  return template;
}

/** A template the project owns (system templates are read-only, so they are 404 here). */
export async function findOwnTemplateOrThrow(db: Executor, projectId: string, id: string) {
  const [template] = await db
    .select()
    .from(templates)
    .where(
      and(eq(templates.id, id), eq(templates.projectId, projectId), eq(templates.isSystem, false)),
    )
    .limit(1);
  if (!template) throw new NotFoundError("Template");
  return template;
}

/**
 * A `blocks` source must parse (422 pointing into the document); `html` is free-form but must not
 * nest deeper than MAX_HTML_DEPTH (its text part could not be derived in reasonable time).
 */
export function assertValidSource(format: TemplateFormat, source: string) {
  if (format === "blocks") parseBlocksSource(source);
  else if (htmlNestingDepth(source) > MAX_HTML_DEPTH) throw tooDeep("source");
}

export function tooDeep(path: string) {
  const message = `must not nest elements more than ${MAX_HTML_DEPTH} levels deep`;
  return new ValidationError(`${path}: ${message}`, [{ path, message }]);
}

import { and, eq, inArray } from "drizzle-orm";
import { automations, templates } from "@/db/schema";
import { readableBy } from "@/lib/templates/internal";
import type { Executor } from "@/db";
import { NotFoundError, ValidationError, type ErrorDetail } from "@/lib/core/errors";
import { assertProjectTopics } from "../topics/internal";
import type { AutomationStep } from "./steps";

export async function findAutomationOrThrow(
  db: Executor,
  projectId: string,
  automationId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(automations)
    .where(and(eq(automations.projectId, projectId), eq(automations.id, automationId)))
    .limit(1);
  const [automation] = options.forUpdate ? await query.for("update") : await query;
  if (!automation) throw new NotFoundError("Automation");
  return automation;
}

/**
 * Every email step must name a template of this project or of the system gallery, and its topic
 * (when it has one) must be the project's (422).
 */
export async function assertStepTemplatesExist(
  db: Executor,
  projectId: string,
  steps: readonly AutomationStep[],
) {
  const wanted = [...new Set(steps.flatMap((s) => (s.type === "email" ? [s.templateId] : [])))];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(inArray(templates.id, wanted), readableBy(projectId)));
  const known = new Set(found.map((t) => t.id));
  const details: ErrorDetail[] = [];
  steps.forEach((step, index) => {
    if (step.type === "email" && !known.has(step.templateId)) {
      details.push({
        path: `steps.${index}.templateId`,
        message: "is not a template of this project or the gallery",
      });
    }
  });
  if (details.length > 0) {
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
    throw new ValidationError(`${details[0]!.path}: no such template${more}`, details);
  }
  await assertProjectTopics(
    db,
    projectId,
    steps.flatMap((step, index) =>
      step.type === "email" && step.topicId
        ? [{ id: step.topicId, path: `steps.${index}.topicId` }]
        : [],
    ),
  );
}

import { forgetProjectSettings } from "./settings";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";

export const RenameProjectInput = z.object({
  name: z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(120, "must be at most 120 characters")
    .refine((name) => !/[\r\n\0]/.test(name), "must be on one line"),
});

/** Settings → General: the project's display name (its id never changes). */
export async function renameProject(ctx: ServiceContext, input: unknown) {
  authorize(ctx, "settings.manage");
  const { name } = parseInput(RenameProjectInput, input);
  const [project] = await ctx.db
    .update(projects)
    .set({ name, updatedAt: ctx.clock.now() })
    .where(eq(projects.id, ctx.projectId))
    .returning();
  if (!project) throw new NotFoundError("Project");
  forgetProjectSettings(ctx.caches);
  return project;
}

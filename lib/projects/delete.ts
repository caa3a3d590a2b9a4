import { count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { apiKeys, memberships, projects } from "@/db/schema";
import { forgetCachedKey } from "../api-keys/authenticate";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";

export const DeleteProjectInput = z.object({
  /** The project's name, typed by the person deleting it. */
  confirmation: z.string({ error: "is required" }).max(200),
});

/**
 * Settings → General → Danger zone: the project and everything in it, in one transaction (every
 * table that holds project data references `projects` with ON DELETE CASCADE). Its queued jobs
 * need no cancelling: each names rows (emails, webhook deliveries, runs, a campaign, an import)
 * that its handler reads again, finds gone and does nothing; a job already running finishes
 * the step it is on (an email handed to the relay still goes out).
 *
 * Refused: without the typed name; for the instance's last project (an instance without one
 * has nowhere to sign in to); and for the deleting admin's own last project, so they land on
 * another project rather than on an account with none (create one first, then delete).
 */
export async function deleteProject(ctx: ServiceContext, input: unknown, userId: string) {
  authorize(ctx, "projects.delete");
  const { confirmation } = parseInput(DeleteProjectInput, input);
  const deleted = await withTransaction(ctx.db, async (tx) => {
    // One deletion at a time: two admins deleting the last two projects cannot both succeed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mailwright.delete-project'))`);
    const [project] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    if (!project) throw new NotFoundError("Project");
    if (confirmation.trim() !== project.name.trim()) {
      throw new ValidationError("Type the project's name to confirm.", [
        { path: "confirmation", message: `must be the project's name, “${project.name}”` },
      ]);
    }
    const [all] = await tx.select({ n: count() }).from(projects);
    if (Number(all?.n) <= 1) {
      throw new ConflictError(
        `${project.name} is the only project on this instance, and Mailwright needs one. Create another project first.`,
        "last_project",
      );
    }
    const [mine] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    if (Number(mine?.n) <= 1) {
      throw new ConflictError(
        `${project.name} is your only project. Create another one first (project switcher → New project), then delete this one.`,
        "only_project",
      );
    }
    const keys = await tx
      .select({ keyHash: apiKeys.keyHash })
      .from(apiKeys)
      .where(eq(apiKeys.projectId, project.id));
    await tx.delete(projects).where(eq(projects.id, project.id));
    return { project, keyHashes: keys.map((k) => k.keyHash) };
  });
  // This process's key cache answers for a few seconds without asking the database.
  for (const keyHash of deleted.keyHashes) forgetCachedKey(ctx.caches, keyHash);
  return deleted.project;
}

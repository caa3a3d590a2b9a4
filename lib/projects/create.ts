import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { memberships, projects } from "@/db/schema";
import type { Executor } from "@/db";
import { insertApiKey } from "../api-keys/create";
import type { Clock } from "@/lib/core/clock";
import { withTransaction } from "@/lib/core/context";
import { createDomain } from "../domains/create";
import { newId } from "@/lib/core/ids";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { RenameProjectInput } from "./rename";

/** The name first boot gives the instance's first project, until its admin names it. */
export const FIRST_PROJECT_NAME = "My project";

export const CreateProjectInput = z.object({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(120),
  domain: z.string().optional(),
  verified: z.boolean().default(false),
});

/**
 * A project with one live and one test key, and optionally a sending domain that also becomes
 * the default sender (`<name> <hello@domain>`, DECISIONS §4).
 */
export async function createProject(db: Executor, input: unknown, now: Date) {
  const values = parseInput(CreateProjectInput, input);
  return withTransaction(db, async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        id: newId("prj", now.getTime()),
        name: values.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const live = await insertApiKey(tx, project!.id, { name: "Default live key", mode: "live" });
    const test = await insertApiKey(tx, project!.id, { name: "Default test key", mode: "test" });
    const domains = [];
    if (values.domain) {
      const domain = await createDomain(
        tx,
        project!.id,
        { name: values.domain, verified: values.verified },
        now,
      );
      domains.push(domain);
      await tx
        .update(projects)
        .set({ defaultFromName: values.name, defaultFromEmail: `hello@${domain.name}` })
        .where(eq(projects.id, project!.id));
    }
    return { project: project!, keys: { live: live.secret, test: test.secret }, domains };
  });
}

/**
 * The dashboard's "New project" (project switcher): a project as `createProject` makes it, with
 * the signed-in user as its admin. Any admin of some project may create one; an account that is
 * only ever a member may not (it cannot give itself a project of its own).
 */
export async function createProjectForUser(
  ctx: { db: Executor; clock: Clock },
  userId: string,
  input: unknown,
) {
  const { name } = parseInput(RenameProjectInput, input);
  return withTransaction(ctx.db, async (tx) => {
    const [adminOf] = await tx
      .select({ projectId: memberships.projectId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.role, "admin")))
      .limit(1);
    authorize({ role: adminOf ? "admin" : "member" }, "projects.create");
    const created = await createProject(tx, { name }, ctx.clock.now());
    await tx.insert(memberships).values({ userId, projectId: created.project.id, role: "admin" });
    return created;
  });
}

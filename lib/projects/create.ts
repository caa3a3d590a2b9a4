import { eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { Executor } from "@/db";
import { insertApiKey } from "../api-keys/create";
import { withTransaction } from "../context";
import { createDomain } from "../domains/create";
import { newId } from "../ids";
import { parseInput } from "../validation";

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

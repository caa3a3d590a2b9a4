import { automations } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { triggerKeyOf } from "./enroll";
import { assertStepTemplatesExist } from "./internal";
import { parseCreateAutomation } from "./schemas";

/** POST /v1/automations semantics: validated steps, always created as draft. */
export async function createAutomation(ctx: ServiceContext, input: unknown) {
  const values = parseCreateAutomation(input);
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    await assertStepTemplatesExist(tx, ctx.projectId, values.steps);
    const [automation] = await tx
      .insert(automations)
      .values({
        id: newId("aut", now.getTime()),
        projectId: ctx.projectId,
        name: values.name,
        status: "draft",
        trigger: values.trigger,
        triggerKey: triggerKeyOf(values.trigger),
        steps: values.steps,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return automation!;
  });
}

import type { ServiceContext } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation";
import { CreateSuppressionInput } from "./schemas";
import { suppressAddress } from "./suppress";

/** POST /v1/suppressions: idempotent by email — a new address is created, an existing one is unchanged. */
export async function createSuppression(ctx: ServiceContext, input: unknown) {
  const values = parseInput(CreateSuppressionInput, input);
  return suppressAddress(
    ctx.db,
    ctx.jobs,
    ctx.projectId,
    values.email,
    values.reason,
    ctx.clock.now(),
  );
}

import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { unsuppressAddress } from "./suppress";

/** DELETE /v1/suppressions/:email — the address can be sent to again. Case-insensitive. */
export async function deleteSuppression(ctx: ServiceContext, email: string) {
  const row = await unsuppressAddress(ctx.db, ctx.jobs, ctx.projectId, email, ctx.clock.now());
  if (!row) throw new NotFoundError("Suppression");
  return { email: row.email, deleted: true as const };
}

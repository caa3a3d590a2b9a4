import type { ServiceContext } from "@/lib/core/context";
import { findDomainOrThrow } from "./internal";

export async function getDomain(ctx: ServiceContext, domainId: string) {
  return findDomainOrThrow(ctx.db, ctx.projectId, domainId);
}

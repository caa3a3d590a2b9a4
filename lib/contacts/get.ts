import type { ServiceContext } from "@/lib/core/context";
import { findContactOrThrow } from "./internal";

export async function getContact(ctx: ServiceContext, contactId: string) {
  return findContactOrThrow(ctx.db, ctx.projectId, contactId);
}

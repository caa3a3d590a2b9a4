import type { ServiceContext } from "../context";
import { findContactOrThrow } from "./internal";

export async function getContact(ctx: ServiceContext, contactId: string) {
  return findContactOrThrow(ctx.db, ctx.projectId, contactId);
}

import type { ServiceContext } from "@/lib/core/context";
import { findReadableTemplateOrThrow } from "./internal";

/** Own or system template; another project's is 404. */
export async function getTemplate(ctx: ServiceContext, templateId: string) {
  return findReadableTemplateOrThrow(ctx.db, ctx.projectId, templateId);
}

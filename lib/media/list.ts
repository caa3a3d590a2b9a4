import { and, desc, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, PageQuery, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { mediaColumns, serializeMedia } from "./serialize";

/** The project's uploads, newest first (the image picker's gallery). */
export async function listMedia(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(PageQuery, query);
  const scope = `${ctx.projectId}:media`;
  const rows = await ctx.db
    .select(mediaColumns)
    .from(media)
    .where(
      and(
        eq(media.projectId, ctx.projectId),
        beforeCursor(media.createdAt, media.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) => serializeMedia(ctx.config.appUrl, r),
  );
}

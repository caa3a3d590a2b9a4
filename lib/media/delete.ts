import { and, eq, ne, sql } from "drizzle-orm";
import { campaigns, media, templates } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError } from "@/lib/core/errors";

type MediaUser = { type: "template" | "campaign"; id: string; name: string };

/**
 * Deletes an upload of this project. An image a template or an unsent campaign still shows is
 * refused (409 `media_in_use`, `details` names each), since their next send would carry a broken
 * image; emails already sent lose it, which the dashboard says before it asks.
 */
export async function deleteMedia(ctx: ServiceContext, id: string): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.projectId, ctx.projectId), eq(media.id, id)))
      .for("update");
    if (!row) throw new NotFoundError("No such upload in this project.");

    // The URL is `${APP_URL}/media/<id>.<ext>`: the id alone finds it whatever APP_URL was.
    const needle = `%/media/${id}.%`;
    const users: MediaUser[] = [
      ...(
        await tx
          .select({ id: templates.id, name: templates.name })
          .from(templates)
          .where(
            and(eq(templates.projectId, ctx.projectId), sql`${templates.source} like ${needle}`),
          )
      ).map((t) => ({ type: "template" as const, ...t })),
      ...(
        await tx
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(
            and(
              eq(campaigns.projectId, ctx.projectId),
              ne(campaigns.status, "sent"),
              sql`${campaigns.variables}::text like ${needle}`,
            ),
          )
      ).map((c) => ({ type: "campaign" as const, ...c })),
    ];
    if (users.length > 0) {
      throw new ConflictError(
        `This image is used by ${users.map((u) => `${u.type} "${u.name}"`).join(", ")}: remove it there first.`,
        "media_in_use",
        users.map((u) => ({
          path: `${u.type}s/${u.id}`,
          message: `${u.type} "${u.name}" uses this image`,
          ...u,
        })),
      );
    }
    await tx.delete(media).where(and(eq(media.projectId, ctx.projectId), eq(media.id, id)));
  });
}

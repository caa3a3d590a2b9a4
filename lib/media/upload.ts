import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { AppError, ValidationError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { mediaColumns, serializeMedia, type MediaItem } from "./serialize";
import { sniffImage } from "./sniff";

/** Large enough for a full-width hero photo; mail clients choke on much bigger images anyway. */
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
const MAX_FILENAME = 200;

export class MediaTooLargeError extends AppError {
  constructor() {
    super(413, "payload_too_large", "The image is larger than the 5 MB limit.");
  }
}

/**
 * Stores an uploaded image for the project and answers its public URL. The format is sniffed
 * from the bytes (PNG, JPEG, GIF, WebP; anything else, SVG included, is a 422). The same bytes
 * uploaded again answer the stored image: one row per (project, sha256).
 */
export async function uploadMedia(
  ctx: ServiceContext,
  input: { bytes: Uint8Array; filename?: string },
): Promise<MediaItem> {
  const { bytes } = input;
  if (bytes.byteLength === 0) {
    throw new ValidationError("The file is empty.", [{ path: "file", message: "is empty" }]);
  }
  if (bytes.byteLength > MAX_MEDIA_BYTES) throw new MediaTooLargeError();
  const image = sniffImage(bytes);
  if (!image) {
    throw new ValidationError(
      "This file is not a PNG, JPEG, GIF or WebP image.",
      [{ path: "file", message: "must be a PNG, JPEG, GIF or WebP image" }],
      "unsupported_media",
    );
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const now = ctx.clock.now();
  const [inserted] = await ctx.db
    .insert(media)
    .values({
      id: newId("med", now.getTime()),
      projectId: ctx.projectId,
      contentType: image.contentType,
      bytes,
      size: bytes.byteLength,
      sha256,
      filename: cleanFilename(input.filename),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [media.projectId, media.sha256] })
    .returning(mediaColumns);
  if (inserted) return serializeMedia(ctx.config.appUrl, inserted);
  const [existing] = await ctx.db
    .select(mediaColumns)
    .from(media)
    .where(and(eq(media.projectId, ctx.projectId), eq(media.sha256, sha256)));
  return serializeMedia(ctx.config.appUrl, existing!);
}

/** A label, not a path: no directories, no control characters, bounded. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, MAX_FILENAME);
}

import { eq } from "drizzle-orm";
import type { Executor } from "@/db";
import { media } from "@/db/schema";
import { extensionOf } from "./sniff";
import { parseMediaFileName } from "./urls";

/**
 * The bytes behind a public media URL (`<id>.<ext>`), or null. Not scoped by project on purpose:
 * recipients' mail clients load it without credentials, like the open pixel, and the id (80
 * random bits) is the capability. The extension must match the stored type.
 */
export async function findPublicMedia(
  db: Executor,
  file: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const name = parseMediaFileName(file);
  if (!name) return null;
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType })
    .from(media)
    .where(eq(media.id, name.id));
  if (!row || extensionOf(row.contentType) !== name.extension) return null;
  return row;
}

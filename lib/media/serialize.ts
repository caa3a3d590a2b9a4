import { media } from "@/db/schema";
import { iso } from "@/lib/core/serialize";
import { mediaUrl } from "./urls";

export type MediaItem = {
  id: string;
  url: string;
  content_type: string;
  size: number;
  filename: string;
  created_at: string;
};

export function serializeMedia(
  appUrl: string,
  row: { id: string; contentType: string; size: number; filename: string; createdAt: Date },
): MediaItem {
  return {
    id: row.id,
    url: mediaUrl(appUrl, row),
    content_type: row.contentType,
    size: row.size,
    filename: row.filename,
    created_at: iso(row.createdAt),
  };
}

/** Everything but the bytes: what lists and answers need. */
export const mediaColumns = {
  id: media.id,
  contentType: media.contentType,
  size: media.size,
  filename: media.filename,
  createdAt: media.createdAt,
};

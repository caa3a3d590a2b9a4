import { extensionOf } from "./sniff";

/** Where recipients' mail clients load an upload: public, under APP_URL. */
export function mediaUrl(appUrl: string, item: { id: string; contentType: string }): string {
  return `${appUrl}/media/${item.id}.${extensionOf(item.contentType) ?? "bin"}`;
}

const FILE_NAME = /^(med_[0-9a-z]{26})\.(png|jpg|gif|webp)$/;

/** `<id>.<ext>` from a public URL's last segment, or null when it cannot name an upload. */
export function parseMediaFileName(file: string): { id: string; extension: string } | null {
  const match = FILE_NAME.exec(file);
  return match ? { id: match[1]!, extension: match[2]! } : null;
}

/** `Ada Lovelace <ada@example.com>` → `Ada Lovelace`; a bare address stays as it is. */
export function senderName(from: string): string {
  const match = /^(.+?)\s*<[^>]*>$/.exec(from.trim());
  return (match?.[1] ?? from).trim() || "(unknown sender)";
}

import { parseBlocksSource, serializeBlocks } from "../templates/blocks";

/**
 * Unsubscribe links name the email by its tracking token: 32 random characters, unguessable and
 * unique, so the link is opaque and cannot be forged for another contact (DECISIONS §6).
 */
export function unsubscribeUrl(appUrl: string, trackingToken: string): string {
  return `${appUrl}/u/${trackingToken}`;
}

/** A quiet footer with the unsubscribe link, for templates that do not place one themselves. */
export function unsubscribeFooter(source: string, format: "html" | "blocks"): string {
  if (format === "blocks") {
    const document = parseBlocksSource(source);
    return serializeBlocks({
      ...document,
      blocks: [
        ...document.blocks,
        { type: "divider" },
        {
          type: "text",
          size: "small",
          align: "center",
          color: "#71717a",
          text: "Don't want these emails? [Unsubscribe]({{unsubscribe_url}})",
        },
      ],
    });
  }
  const footer =
    '<p style="margin:24px 0;font-size:12px;line-height:18px;color:#71717a;text-align:center">' +
    'Don&#39;t want these emails? <a href="{{unsubscribe_url}}" style="color:#71717a">Unsubscribe</a></p>';
  const body = /<\/body>/i.exec(source);
  return body ? source.slice(0, body.index) + footer + source.slice(body.index) : source + footer;
}

import { parseBlocksSource, serializeBlocks } from "../templates/blocks";

/**
 * What marketing email (campaigns, automation emails) carries by DECISIONS §8: a one-click
 * unsubscribe (RFC 8058 headers and a visible link) and the project's postal address.
 */

/** Hosted unsubscribe page. The token is the email's own unsubscribe token, never its tracking token. */
export function unsubscribeUrl(appUrl: string, unsubscribeToken: string): string {
  return `${appUrl}/u/${unsubscribeToken}`;
}

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Campaign mail is a list: `List-Id` (RFC 2919) names the project's audience under the sending
 * domain, and `Feedback-ID` lets Gmail's feedback loop report complaints per campaign.
 */
export function campaignHeaders(args: {
  projectId: string;
  campaignId: string;
  fromDomain: string;
}): Record<string, string> {
  const label = args.projectId.toLowerCase().replace(/[^a-z0-9-]/g, "-");
  return {
    "List-Id": `<${label}.list-id.${args.fromDomain}>`,
    "Feedback-ID": `${args.campaignId}:campaign:${args.projectId}:mailwright`,
  };
}

export type FooterNeeds = { unsubscribe: boolean; postalAddress: boolean };

/** What a template lacks: the unsubscribe link always, the postal address when the project has one. */
export function footerNeeds(source: string, hasPostalAddress: boolean): FooterNeeds {
  return {
    unsubscribe: !/\{\{\s*unsubscribe_url\b/.test(source),
    postalAddress: hasPostalAddress && !/\{\{\s*postal_address\b/.test(source),
  };
}

/** A quiet footer with what the template does not place itself (placeholders, filled per email). */
export function withMarketingFooter(
  source: string,
  format: "html" | "blocks",
  needs: FooterNeeds,
): string {
  if (!needs.unsubscribe && !needs.postalAddress) return source;
  if (format === "blocks") {
    const document = parseBlocksSource(source);
    const lines = [
      needs.unsubscribe ? "Don't want these emails? [Unsubscribe]({{unsubscribe_url}})" : null,
      needs.postalAddress ? "{{postal_address}}" : null,
    ].filter((line): line is string => line !== null);
    return serializeBlocks({
      ...document,
      blocks: [
        ...document.blocks,
        { type: "divider" },
        ...lines.map((text) => ({
          type: "text" as const,
          size: "small" as const,
          align: "center" as const,
          color: "#71717a",
          text,
        })),
      ],
    });
  }
  const style = "margin:8px 0;font-size:12px;line-height:18px;color:#71717a;text-align:center";
  const footer =
    (needs.unsubscribe
      ? `<p style="${style};margin-top:24px">Don&#39;t want these emails? <a href="{{unsubscribe_url}}" style="color:#71717a">Unsubscribe</a></p>`
      : "") + (needs.postalAddress ? `<p style="${style}">{{postal_address}}</p>` : "");
  const bodyEnd = source.toLowerCase().lastIndexOf("</body");
  return bodyEnd === -1
    ? source + footer
    : source.slice(0, bodyEnd) + footer + source.slice(bodyEnd);
}

/** One line for a footer: the address as typed in Settings, its lines joined with commas. */
export function postalAddressLine(postalAddress: string | null): string {
  return (postalAddress ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
}

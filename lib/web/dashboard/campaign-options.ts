import type { ServiceContext } from "@/lib/core/context";
import { listDomains } from "@/lib/domains/list";
import { can } from "@/lib/core/permissions";
import { projectRow } from "@/lib/projects/settings";
import { resolveDefaultSender } from "@/lib/sending/default-sender";
import { listSegments } from "@/lib/segments/manage";
import { projectTopics } from "@/lib/topics/internal";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { listTemplates } from "@/lib/templates/list";

/** Pickers stay plain lists: 1,000 items (10 pages) is far past any real project. */
const MAX_PAGES = 10;

async function allPages<T>(
  fetchPage: (
    cursor?: string,
  ) => Promise<{ data: T[]; has_more: boolean; next_cursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.data);
    if (!result.has_more || !result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return items;
}

export type CampaignTemplateOption = Awaited<ReturnType<typeof templateOptions>>[number];

export type SegmentOption = { id: string; name: string };

export async function segmentOptions(ctx: ServiceContext): Promise<SegmentOption[]> {
  const segments = await allPages((cursor) => listSegments(ctx, { limit: 100, cursor }));
  return segments.map((s) => ({ id: s.id, name: s.name }));
}

export type TopicOption = { id: string; name: string };

/** The project's topics, oldest first (the preference page's order). */
export async function topicOptions(ctx: ServiceContext): Promise<TopicOption[]> {
  const topics = await projectTopics(ctx.db, ctx.projectId);
  return topics.map((t) => ({ id: t.id, name: t.name }));
}

/**
 * Own and gallery templates: the set the campaign API accepts, each with the placeholders it
 * uses (the editor's "Template content" fields).
 */
export async function templateOptions(ctx: ServiceContext) {
  const templates = await allPages((cursor) =>
    listTemplates(ctx, { scope: "all", limit: 100, cursor }),
  );
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    subject: t.subject,
    category: t.category,
    system: t.is_system,
    variables: listTemplateVariables(t),
  }));
}

export type SenderOptions = {
  /** Verified domains, the only ones a campaign may send from. */
  domains: string[];
  /** The project's default sender, to prefill a new campaign. */
  defaultName: string;
  defaultAddress: string | null;
};

/** `projectName` names the sender when the project has no default sender yet. */
export async function senderOptions(
  ctx: ServiceContext,
  projectName: string,
): Promise<SenderOptions> {
  const [domains, sender] = await Promise.all([
    allPages((cursor) => listDomains(ctx, { limit: 100, cursor })),
    resolveDefaultSender(ctx.db, ctx.projectId),
  ]);
  return {
    domains: domains.filter((d) => d.status === "verified").map((d) => d.name),
    // The label is `Name <address>`: the name is what precedes the address.
    defaultName: sender ? sender.label.slice(0, sender.label.lastIndexOf(" <")) : projectName,
    defaultAddress: sender?.address ?? null,
  };
}

/**
 * Whether the project has the postal address marketing email prints in its footer
 * (DECISIONS §8), so the send confirmation can warn before a campaign goes out without one; and
 * whether the viewer could add it (Settings → General is admin-only).
 */
export type PostalAddressStatus = { set: boolean; canEdit: boolean };

export async function postalAddressStatus(ctx: ServiceContext): Promise<PostalAddressStatus> {
  const row = await projectRow(ctx.db, ctx.projectId);
  return { set: Boolean(row?.postalAddress), canEdit: can(ctx.role, "settings.manage") };
}

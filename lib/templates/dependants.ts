import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { automations, campaigns } from "@/db/schema";
import type { Executor } from "@/db";

/** Campaigns that will still render their template: a sent one keeps its rendered emails. */
const UNSENT_CAMPAIGN_STATUSES = ["draft", "queued", "sending", "paused"] as const;

export type TemplateDependant = {
  type: "automation" | "campaign";
  id: string;
  name: string;
  status: string;
};

/**
 * What would break if the template went away: automations with an email step naming it (any
 * status: a draft or paused one would fail when it goes live) and campaigns not yet sent.
 * Automations first (live ones lead), then campaigns, each by name.
 */
export async function findTemplateDependants(
  db: Executor,
  projectId: string,
  templateId: string,
): Promise<TemplateDependant[]> {
  // One after the other: inside a transaction both share one connection.
  const usingAutomations = await db
    .select({ id: automations.id, name: automations.name, status: automations.status })
    .from(automations)
    .where(
      and(
        eq(automations.projectId, projectId),
        sql`jsonb_path_exists(${automations.steps}, '$[*] ? (@.type == "email" && @.templateId == $id)', jsonb_build_object('id', ${templateId}::text))`,
      ),
    )
    .orderBy(sql`${automations.status} = 'live' desc`, asc(automations.name), asc(automations.id));
  const usingCampaigns = await db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.projectId, projectId),
        eq(campaigns.templateId, templateId),
        inArray(campaigns.status, [...UNSENT_CAMPAIGN_STATUSES]),
      ),
    )
    .orderBy(asc(campaigns.name), asc(campaigns.id));
  return [
    ...usingAutomations.map((row) => ({ type: "automation" as const, ...row })),
    ...usingCampaigns.map((row) => ({ type: "campaign" as const, ...row })),
  ];
}

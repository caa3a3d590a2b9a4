import { and, desc } from "drizzle-orm";
import { contacts, type Campaign, type CampaignVariant } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { ValidationError } from "@/lib/core/errors";
import { domainOf, formatMailbox } from "../sending/addresses";
import { CONTACT_FIELDS, OutboundBatch } from "../sending/outbound";
import { audienceOf, audienceWhere, reachable } from "./audience";
import { findCampaignOrThrow } from "./internal";

/** Who a preview is rendered for when the audience has nobody to show yet. */
export const SAMPLE_CONTACT = {
  id: "ct_sample",
  email: "alex.morgan@example.com",
  name: "Alex Morgan",
  subscribed: true,
  source: "sample",
  data: {},
};

export type CampaignPreview = {
  /** Whose contact data fills the variables: someone the campaign reaches, or the sample. */
  sample: { email: string; name: string | null; isSample: boolean };
  variants: { key: string; subject: string; html: string | null; text: string | null }[];
};

/** A campaign's content for one variant: its template with that variant's subject. */
export async function campaignContent(
  batch: OutboundBatch,
  campaign: Campaign,
  variant: CampaignVariant,
) {
  const template = campaign.templateId
    ? await batch.template(campaign.projectId, campaign.templateId)
    : null;
  if (!template) {
    throw new ValidationError(
      campaign.templateId
        ? "The campaign's template no longer exists: choose another."
        : "Choose a template first.",
      [{ path: "template", message: "choose a template for the campaign" }],
    );
  }
  // The campaign's template content sits under each contact's own values, as at fan-out.
  return {
    template,
    subject: variant.subject,
    previewText: campaign.previewText,
    defaults: campaign.variables,
  };
}

/**
 * Every variant of a campaign rendered as its recipients get it (subject, body, marketing
 * footer), filled with the data of the newest contact it would reach, or a sample contact.
 * Nothing is recorded.
 */
export async function previewCampaign(
  ctx: ServiceContext,
  campaignId: string,
): Promise<CampaignPreview> {
  const { campaign, variants } = await findCampaignOrThrow(ctx.db, ctx.projectId, campaignId);
  const now = ctx.clock.now();
  const audience = audienceOf(campaign);
  const where = await audienceWhere(ctx.db, audience, now);
  const [recipient] = await ctx.db
    .select(CONTACT_FIELDS)
    .from(contacts)
    .where(and(where, reachable(audience)))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(1);
  const contact = recipient ?? SAMPLE_CONTACT;
  const batch = new OutboundBatch(ctx.db, ctx, now);
  // Not checked: a preview of a draft whose domain is not verified yet still renders.
  const sender = {
    from: formatMailbox({ name: campaign.fromName, address: campaign.fromEmail }),
    address: campaign.fromEmail,
    domain: domainOf(campaign.fromEmail),
  };
  const rendered = [];
  for (const variant of variants) {
    const content = await campaignContent(batch, campaign, variant);
    const email = await batch.preview({
      projectId: ctx.projectId,
      type: "campaign",
      mode: "live",
      sender,
      to: { address: contact.email, name: contact.name },
      contact,
      content,
    });
    rendered.push({ key: variant.key, ...email });
  }
  return {
    sample: { email: contact.email, name: contact.name, isSample: !recipient },
    variants: rendered,
  };
}

import { z } from "zod";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ValidationError } from "@/lib/core/errors";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { parseMailbox } from "../sending/addresses";
import { OutboundBatch, RecipientSuppressedError } from "../sending/outbound";
import { parseInput } from "@/lib/core/validation";
import { findCampaignOrThrow } from "./internal";
import { VARIANT_KEYS } from "./schemas";
import { campaignContent } from "./preview";

export const TEST_SUBJECT_PREFIX = "[Test] ";

export const SendCampaignTestInput = z.object({
  to: z
    .string({ error: "is required" })
    .trim()
    .min(1, "enter an email address")
    .max(400, "must be at most 400 characters"),
  variant: z.enum(VARIANT_KEYS, { error: "must be A, B, C or D" }).default("A"),
});

/**
 * Sends one copy of a campaign to an address, as a recipient would get it: the chosen variant's
 * subject behind "[Test] ", the template, the marketing footer and unsubscribe link, from the
 * campaign's sender, through the one outbound pipeline (suppression, sender and test-mode rules).
 * It is a `campaign` email but carries no campaign id, so its delivery, opens and clicks never
 * reach the campaign's stats, recipients or circuit breaker (nor List-Id/Feedback-ID, which
 * would attribute a complaint about a test to the campaign).
 */
export async function sendCampaignTest(ctx: ServiceContext, campaignId: string, input: unknown) {
  const values = parseInput(SendCampaignTestInput, input);
  const to = parseMailbox(values.to);
  if (!to) {
    throw new ValidationError("to: must be an email address", [
      { path: "to", message: "must be an email address" },
    ]);
  }
  const now = ctx.clock.now();
  const result = await withTransaction(ctx.db, async (tx) => {
    const { campaign, variants } = await findCampaignOrThrow(tx, ctx.projectId, campaignId);
    const variant = variants.find((v) => v.key === values.variant);
    if (!variant) {
      throw new ValidationError(`The campaign has no variant ${values.variant}.`, [
        { path: "variant", message: "is not one of the campaign's subjects" },
      ]);
    }
    const batch = new OutboundBatch(tx, ctx, now);
    const content = await campaignContent(batch, campaign, variant);
    const sender = await batch.sender(
      ctx.projectId,
      { name: campaign.fromName, address: campaign.fromEmail, domain: "" },
      "from_email",
    );
    const sent = await batch.add({
      projectId: ctx.projectId,
      type: "campaign",
      mode: ctx.keyMode,
      sender,
      to,
      content: { ...content, subject: TEST_SUBJECT_PREFIX + content.subject },
    });
    if (sent.status === "suppressed") {
      throw new RecipientSuppressedError(to.address);
    }
    await batch.flush();
    return { id: sent.id, status: sent.status, to: to.address };
  });
  if (result.status === "sent") ctx.jobs.notify(deliverEmailJob);
  return result;
}

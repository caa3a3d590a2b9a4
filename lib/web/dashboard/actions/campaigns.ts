"use server";

import { revalidatePath } from "next/cache";
import { cancelCampaign, createCampaign, updateCampaign } from "@/lib/campaigns/manage";
import { deleteDraftCampaign, duplicateCampaign } from "@/lib/campaigns/duplicate";
import { previewCampaign, type CampaignPreview } from "@/lib/campaigns/preview";
import { resumeCampaign } from "@/lib/campaigns/resume";
import { CreateCampaignInput } from "@/lib/campaigns/schemas";
import { sendCampaign } from "@/lib/campaigns/send";
import { sendCampaignTest } from "@/lib/campaigns/test-send";
import { AppError, NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { countCampaignRecipients, type CampaignAudience } from "../campaign-audience";
import { campaignEngagedContacts, type EngagedContact } from "../campaign-engagement";
import { campaignReport, type CampaignReport } from "../campaign-report";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

/** The editor's fields, in the API's shape (variants are the alternate subjects B, C, D). */
export type CampaignDraft = {
  name: string;
  subject: string;
  variants: string[];
  from_name: string;
  from_email: string;
  preview_text: string;
  template: string | null;
  target: "all" | "segment";
  segment: string | null;
  /** Test the subjects on a sample and send the winner to the rest; null splits everyone evenly. */
  ab_test: {
    sample_percent: number;
    wait_hours: number;
    metric: "open_rate" | "click_rate";
  } | null;
  scheduled_at: string | null;
  /** Values for the template's placeholders, the same for every recipient. */
  variables: Record<string, unknown>;
};
export type SaveIntent = "save" | "send" | "schedule";
export type SavedDraft = { id: string; recipients: number };

// Variant paths first: `variants.1` must land on the second alternate, not on the group.
const FIELDS = [
  "name",
  "subject",
  "variants.0",
  "variants.1",
  "variants.2",
  "variants",
  "ab_test.sample_percent",
  "ab_test.wait_hours",
  "ab_test.metric",
  "ab_test",
  "from_name",
  "from_email",
  "preview_text",
  "template",
  "target",
  "segment",
  "scheduled_at",
  "variables",
] as const;

const GONE = "This campaign no longer exists. It may have been deleted in another tab.";

function revalidateCampaign(id: string) {
  revalidatePath("/campaigns");
  revalidatePath(`/campaigns/${id}`);
}

/**
 * Saves the draft (creates it the first time) through the API's services. Before a send or a
 * schedule it also checks what only then matters (a template, a future time) and answers how
 * many contacts would receive it, for the confirmation.
 */
export async function saveCampaignAction(
  campaignId: string | null,
  draft: CampaignDraft,
  intent: SaveIntent,
): Promise<FormState<SavedDraft>> {
  const { ctx } = await requireDashboard();
  if (!draft || typeof draft !== "object") return failure("Nothing to save.");
  const input = {
    ...draft,
    // Without alternate subjects there is nothing to test: the setting is dropped, not refused.
    ab_test: draft.variants.length > 0 ? draft.ab_test : null,
    scheduled_at: intent === "send" ? null : draft.scheduled_at,
  };
  if (intent !== "save") {
    const problems = sendProblems(input, intent, ctx.clock.now());
    if (Object.keys(problems).length > 0) {
      return failure("Please correct the highlighted fields.", problems);
    }
  }
  try {
    const { campaign } = campaignId
      ? await updateCampaign(ctx, campaignId, input)
      : await createCampaign(ctx, input);
    const recipients = await countCampaignRecipients(ctx, {
      target: campaign.target,
      segment: campaign.segmentId,
    });
    revalidateCampaign(campaign.id);
    return success("Draft saved", { id: campaign.id, recipients });
  } catch (error) {
    if (error instanceof NotFoundError && campaignId) return failure(GONE);
    return toFormState(error, FIELDS);
  }
}

/**
 * Everything wrong with a draft that is about to go out, in one pass: the fields the API checks
 * (without saving) plus what only a send needs. A half-finished draft is still saved by "Save".
 */
function sendProblems(draft: CampaignDraft, intent: SaveIntent, now: Date) {
  const problems: Record<string, string> = {};
  try {
    parseInput(CreateCampaignInput, draft);
  } catch (error) {
    const state = toFormState(error, FIELDS);
    if (state.status === "error") Object.assign(problems, state.fieldErrors);
  }
  if (!draft.template && !problems.template) problems.template = "Choose a template to send.";
  if (intent === "schedule") {
    const at = draft.scheduled_at ? Date.parse(draft.scheduled_at) : NaN;
    if (Number.isNaN(at)) problems.scheduled_at = "Choose a date and time.";
    else if (at <= now.getTime()) problems.scheduled_at = "Must be in the future.";
  }
  return problems;
}

/** Sends (or schedules: `scheduled_at` was saved) a draft, after the confirmation. */
export async function sendCampaignAction(campaignId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    const result = await sendCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success(result.campaign.scheduledAt ? "Campaign scheduled" : "Campaign is sending");
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, FIELDS);
  }
}

/** A queued or scheduled campaign goes back to draft, to edit or send later. */
export async function cancelCampaignAction(campaignId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await cancelCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success("Campaign moved back to draft");
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
}

/** A campaign the circuit breaker paused sends again (the banner's Resume). */
export async function resumeCampaignAction(campaignId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await resumeCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success("Campaign is sending again");
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
}

/** The editor's live recipient count; null when the segment is gone. */
export async function recipientCountAction(audience: CampaignAudience): Promise<number | null> {
  const { ctx } = await requireDashboard();
  if (!audience || (audience.target !== "all" && audience.target !== "segment")) return null;
  try {
    return await countCampaignRecipients(ctx, audience);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The campaign page's poll while it is queued or sending; null once the campaign is gone. */
export async function campaignReportAction(campaignId: string): Promise<CampaignReport | null> {
  const { ctx } = await requireDashboard();
  if (typeof campaignId !== "string") return null;
  try {
    return await campaignReport(ctx, campaignId);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** A new draft with the campaign's content, audience and subjects; the editor opens it. */
export async function duplicateCampaignAction(campaignId: string): Promise<FormState<string>> {
  const { ctx } = await requireDashboard();
  try {
    const { campaign } = await duplicateCampaign(ctx, String(campaignId));
    revalidatePath("/campaigns");
    return success(`“${campaign.name}” created`, campaign.id);
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
}

/** Deletes a draft (409 for anything that was queued or sent: its history stays). */
export async function deleteCampaignAction(campaignId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteDraftCampaign(ctx, String(campaignId));
    revalidateCampaign(campaignId);
    return success("Campaign deleted");
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
}

export type TestSendResult = { emailId: string; status: string; to: string };

/** "Send a test": the campaign as a recipient gets it, to one address, outside its stats. */
export async function sendCampaignTestAction(
  campaignId: string,
  input: { to: string; variant: string },
): Promise<FormState<TestSendResult>> {
  const { ctx } = await requireDashboard();
  try {
    const sent = await sendCampaignTest(ctx, String(campaignId), input);
    revalidatePath("/emails");
    return success("Test sent", { emailId: sent.id, status: sent.status, to: sent.to });
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, ["to", "variant", "template", "from_email"]);
  }
}

/** Every variant rendered for the preview dialog, or the reason it cannot be rendered. */
export async function previewCampaignAction(
  campaignId: string,
): Promise<{ ok: true; preview: CampaignPreview } | { ok: false; message: string }> {
  const { ctx } = await requireDashboard();
  try {
    return { ok: true, preview: await previewCampaign(ctx, String(campaignId)) };
  } catch (error) {
    if (error instanceof NotFoundError) return { ok: false, message: GONE };
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The report's "who opened" / "who clicked" pages. */
export async function engagedContactsAction(
  campaignId: string,
  query: { kind: "opened" | "clicked"; cursor?: string },
): Promise<
  { ok: true; data: EngagedContact[]; next_cursor: string | null } | { ok: false; message: string }
> {
  const { ctx } = await requireDashboard();
  try {
    const page = await campaignEngagedContacts(ctx, String(campaignId), { ...query, limit: 20 });
    return { ok: true, data: page.data, next_cursor: page.next_cursor };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { countCampaignRecipients } from "@/lib/campaigns/audience";
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  updateCampaign,
} from "@/lib/campaigns/manage";
import { deleteDraftCampaign, duplicateCampaign } from "@/lib/campaigns/duplicate";
import { previewCampaign, type CampaignPreview } from "@/lib/campaigns/preview";
import { campaignEngagedContacts, type EngagedContact } from "@/lib/campaigns/report/engagement";
import { campaignReport, type CampaignReport } from "@/lib/campaigns/report/report";
import { resumeCampaign } from "@/lib/campaigns/resume";
import { CreateCampaignInput } from "@/lib/campaigns/schemas";
import { sendCampaign } from "@/lib/campaigns/send";
import { sendCampaignTest } from "@/lib/campaigns/test-send";
import { AppError, NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { dashboardAction } from "../action";
import { clientObject, Id, OptionalId } from "../action-input";
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
  /** The topic it is about: contacts who left that topic are not sent it. */
  topic: string | null;
  /** A notice every contact must get: unsubscribed and opted-out contacts get it too. */
  required_notice: boolean;
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
  "topic",
  "required_notice",
  "scheduled_at",
  "variables",
] as const;

const GONE = "This campaign no longer exists. It may have been deleted in another tab.";

/** For the report's polls: null once the campaign is gone; anything else is unexpected. */
function nullWhenGone(error: unknown): null {
  if (error instanceof NotFoundError) return null;
  throw error;
}

/** For the dialogs that show one message: a domain error's; anything else is a bug. */
function messageOf(error: unknown): { ok: false; message: string } {
  if (error instanceof NotFoundError) return { ok: false, message: GONE };
  if (error instanceof AppError) return { ok: false, message: error.message };
  throw error;
}

function revalidateCampaign(id: string) {
  revalidatePath("/campaigns");
  revalidatePath(`/campaigns/${id}`);
}

/**
 * Saves the draft (creates it the first time) through the API's services. Before a send or a
 * schedule it also checks what only then matters (a template, a future time) and answers how
 * many contacts would receive it, for the confirmation.
 */
export const saveCampaignAction = dashboardAction(
  {
    args: [
      OptionalId,
      clientObject<CampaignDraft>("Nothing to save."),
      z.enum(["save", "send", "schedule"]),
    ],
    fields: FIELDS,
    // Gone only when it existed: creating one can 404 on a segment, which its field shows.
    onError: (error, campaignId) =>
      error instanceof NotFoundError && campaignId ? failure(GONE) : undefined,
  },
  async ({ ctx }, campaignId, draft, intent): Promise<FormState<SavedDraft>> => {
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
    const { campaign } = campaignId
      ? await updateCampaign(ctx, campaignId, input)
      : await createCampaign(ctx, input);
    const recipients = await countCampaignRecipients(ctx, {
      target: campaign.target,
      segment: campaign.segmentId,
      topic: campaign.topicId,
      required_notice: campaign.requiredNotice,
    });
    revalidateCampaign(campaign.id);
    return success("Draft saved", { id: campaign.id, recipients });
  },
);

/**
 * Everything wrong with a draft that is about to go out, in one pass: the fields the API checks
 * (without saving) plus what only a send needs. A half-finished draft is still saved by "Save".
 */
function sendProblems(draft: CampaignDraft, intent: SaveIntent, now: Date) {
  const problems: Record<string, string> = {};
  try {
    parseInput(CreateCampaignInput, draft);
  } catch (error) {
    // Not an answer but a dry run: its field errors join the send-only checks below, placed
    // as an answer's would be.
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

const SendConfirmation = z
  .object({
    /** The sender ticked "I confirm this is a required notice" in the confirmation. */
    required_notice: z.boolean().optional(),
  })
  .optional();

const REQUIRED_NOTICE_UNCONFIRMED =
  "This campaign is a required notice: it reaches unsubscribed contacts too. Confirm that it is one before sending.";

/**
 * Sends (or schedules: `scheduled_at` was saved) a draft, after the confirmation. A required
 * notice reaches people who said no to email, so the dashboard refuses it unless the sender
 * confirmed it is one (DECISIONS §13); the API's send does not ask.
 */
export const sendCampaignAction = dashboardAction(
  { args: [Id, SendConfirmation], fields: FIELDS, notFound: GONE },
  async ({ ctx }, campaignId, confirmation) => {
    const { campaign } = await getCampaign(ctx, campaignId);
    if (campaign.requiredNotice && confirmation?.required_notice !== true) {
      return failure(REQUIRED_NOTICE_UNCONFIRMED);
    }
    const result = await sendCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success(result.campaign.scheduledAt ? "Campaign scheduled" : "Campaign is sending");
  },
);

/** A queued or scheduled campaign goes back to draft, to edit or send later. */
export const cancelCampaignAction = dashboardAction(
  { args: [Id], notFound: GONE },
  async ({ ctx }, campaignId) => {
    await cancelCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success("Campaign moved back to draft");
  },
);

/** A campaign the circuit breaker paused sends again (the banner's Resume). */
export const resumeCampaignAction = dashboardAction(
  { args: [Id], notFound: GONE },
  async ({ ctx }, campaignId) => {
    await resumeCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success("Campaign is sending again");
  },
);

const Audience = z.object({
  target: z.enum(["all", "segment"]),
  segment: z.string().nullish(),
  topic: z.string().nullish(),
  required_notice: z.boolean().optional(),
});

/** The editor's live recipient count; null when the segment is gone. */
export const recipientCountAction = dashboardAction(
  { args: [Audience], errors: nullWhenGone },
  async ({ ctx }, audience): Promise<number | null> => countCampaignRecipients(ctx, audience),
);

/** The campaign page's poll while it is queued or sending; null once the campaign is gone. */
export const campaignReportAction = dashboardAction(
  { args: [Id], errors: nullWhenGone },
  async ({ ctx }, campaignId): Promise<CampaignReport | null> => campaignReport(ctx, campaignId),
);

/** A new draft with the campaign's content, audience and subjects; the editor opens it. */
export const duplicateCampaignAction = dashboardAction(
  { args: [Id], notFound: GONE },
  async ({ ctx }, campaignId): Promise<FormState<string>> => {
    const { campaign } = await duplicateCampaign(ctx, campaignId);
    revalidatePath("/campaigns");
    return success(`“${campaign.name}” created`, campaign.id);
  },
);

/** Deletes a draft (409 for anything that was queued or sent: its history stays). */
export const deleteCampaignAction = dashboardAction(
  { args: [Id], notFound: GONE },
  async ({ ctx }, campaignId) => {
    await deleteDraftCampaign(ctx, campaignId);
    revalidateCampaign(campaignId);
    return success("Campaign deleted");
  },
);

/** What the campaign editor shows after "Send a test". */
export type CampaignTestSent = { emailId: string; status: string; to: string };

const TestSendRequest = z.object({ to: z.string(), variant: z.string() });

/** "Send a test": the campaign as a recipient gets it, to one address, outside its stats. */
export const sendCampaignTestAction = dashboardAction(
  {
    args: [Id, TestSendRequest],
    fields: ["to", "variant", "template", "from_email"],
    notFound: GONE,
  },
  async ({ ctx }, campaignId, input): Promise<FormState<CampaignTestSent>> => {
    const sent = await sendCampaignTest(ctx, campaignId, input);
    revalidatePath("/emails");
    return success("Test sent", { emailId: sent.id, status: sent.status, to: sent.to });
  },
);

type PreviewAnswer = { ok: true; preview: CampaignPreview } | { ok: false; message: string };

/** Every variant rendered for the preview dialog, or the reason it cannot be rendered. */
export const previewCampaignAction = dashboardAction(
  { args: [Id], errors: messageOf },
  async ({ ctx }, campaignId): Promise<PreviewAnswer> => ({
    ok: true,
    preview: await previewCampaign(ctx, campaignId),
  }),
);

type EngagedPage =
  { ok: true; data: EngagedContact[]; next_cursor: string | null } | { ok: false; message: string };

const EngagedQuery = z.object({
  kind: z.enum(["opened", "clicked"]),
  cursor: z.string().optional(),
});

/** The report's "who opened" / "who clicked" pages. */
export const engagedContactsAction = dashboardAction(
  {
    args: [Id, EngagedQuery],
    errors: (error): EngagedPage => {
      if (error instanceof AppError) return { ok: false, message: error.message };
      throw error;
    },
  },
  async ({ ctx }, campaignId, query): Promise<EngagedPage> => {
    const page = await campaignEngagedContacts(ctx, campaignId, { ...query, limit: 20 });
    return { ok: true, data: page.data, next_cursor: page.next_cursor };
  },
);

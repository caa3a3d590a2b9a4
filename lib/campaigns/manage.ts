import { and, eq, ne } from "drizzle-orm";
import { campaignVariants, campaigns } from "@/db/schema";
import type { Executor } from "@/db";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { requireVerifiedSender } from "../domains/verified-sender";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { isEmailAddress, parseInput } from "@/lib/core/validation";
import { findSegmentOrThrow } from "../segments/internal";
import { assertProjectTopics } from "../topics/internal";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { findCampaignOrThrow, variantsOf } from "./internal";
import {
  CreateCampaignInput,
  ListCampaignsQuery,
  UpdateCampaignInput,
  VARIANT_KEYS,
} from "./schemas";
import { serializeCampaign } from "./serialize";

// POST /v1/campaigns — a draft; the sender's domain must be verified
export async function createCampaign(ctx: ServiceContext, input: unknown) {
  const values = parseInput(CreateCampaignInput, input);
  const now = ctx.clock.now();
  checkAbTest(values.ab_test ?? null, values.variants?.length ?? 0);
  return withTransaction(ctx.db, async (tx) => {
    await checkReferences(tx, ctx.projectId, values);
    const id = newId("cmp", now.getTime());
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        id,
        projectId: ctx.projectId,
        name: values.name,
        subject: values.subject,
        previewText: values.preview_text ?? "",
        fromName: values.from_name,
        fromEmail: values.from_email,
        target: values.target,
        templateId: values.template ?? null,
        variables: values.variables ?? {},
        segmentId: values.target === "segment" ? (values.segment ?? null) : null,
        topicId: values.topic ?? null,
        requiredNotice: values.required_notice ?? false,
        scheduledAt: values.scheduled_at ?? null,
        ...abColumns(values.ab_test ?? null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await replaceVariants(tx, ctx.projectId, id, values.subject, values.variants ?? []);
    return { campaign: campaign!, variants: await variantsOf(tx, [id]) };
  });
}

// PATCH /v1/campaigns/:id — drafts only (409 otherwise)
export async function updateCampaign(ctx: ServiceContext, campaignId: string, input: unknown) {
  const values = parseInput(UpdateCampaignInput, input);
  return withTransaction(ctx.db, async (tx) => {
    const { campaign, variants } = await findCampaignOrThrow(tx, ctx.projectId, campaignId, {
      forUpdate: true,
    });
    if (campaign.status !== "draft") {
      throw new ConflictError(
        `The campaign is ${campaign.status}: only drafts can be edited.`,
        "campaign_not_draft",
      );
    }
    const target = values.target ?? campaign.target;
    const merged = {
      from_email: values.from_email ?? campaign.fromEmail,
      template: values.template === undefined ? campaign.templateId : values.template,
      target,
      segment:
        target === "all"
          ? null
          : values.segment === undefined
            ? campaign.segmentId
            : values.segment,
      topic: values.topic === undefined ? campaign.topicId : values.topic,
    };
    await checkReferences(tx, ctx.projectId, merged);
    const alternates =
      values.variants ?? variants.filter((v) => v.key !== "A").map((v) => v.subject);
    const abTest =
      values.ab_test === undefined
        ? campaign.abSamplePercent
          ? {
              sample_percent: campaign.abSamplePercent,
              wait_hours: (campaign.abWaitMinutes ?? 60) / 60,
              metric: campaign.abMetric ?? "open_rate",
            }
          : null
        : values.ab_test;
    checkAbTest(abTest, alternates.length);
    const subject = values.subject ?? campaign.subject;
    const [updated] = await tx
      .update(campaigns)
      .set({
        ...(values.name !== undefined && { name: values.name }),
        subject,
        ...(values.from_name !== undefined && { fromName: values.from_name }),
        fromEmail: merged.from_email,
        ...(values.preview_text !== undefined && { previewText: values.preview_text }),
        templateId: merged.template ?? null,
        ...(values.variables !== undefined && { variables: values.variables }),
        target,
        segmentId: merged.segment ?? null,
        topicId: merged.topic ?? null,
        ...(values.required_notice !== undefined && { requiredNotice: values.required_notice }),
        ...(values.scheduled_at !== undefined && { scheduledAt: values.scheduled_at }),
        ...abColumns(abTest),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    await replaceVariants(tx, campaign.projectId, campaign.id, subject, alternates);
    return { campaign: updated!, variants: await variantsOf(tx, [campaign.id]) };
  });
}

// GET /v1/campaigns — newest first, filter: status
export async function listCampaigns(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, status } = parseInput(ListCampaignsQuery, query);
  const scope = `${ctx.projectId}:campaigns`;
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.projectId, ctx.projectId),
        status ? eq(campaigns.status, status) : undefined,
        beforeCursor(campaigns.createdAt, campaigns.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(campaigns.createdAt, campaigns.id))
    .limit(limit + 1);
  const variants = await variantsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) =>
      serializeCampaign(
        r,
        variants.filter((v) => v.campaignId === r.id),
      ),
  );
}

export const getCampaign = (ctx: ServiceContext, id: string) =>
  findCampaignOrThrow(ctx.db, ctx.projectId, id);

// POST /v1/campaigns/:id/cancel — a queued (or scheduled) campaign goes back to draft
export async function cancelCampaign(ctx: ServiceContext, campaignId: string) {
  const [row] = await ctx.db
    .update(campaigns)
    .set({ status: "draft", updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(campaigns.projectId, ctx.projectId),
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "queued"),
      ),
    )
    .returning({ id: campaigns.id });
  if (!row) {
    const { campaign } = await findCampaignOrThrow(ctx.db, ctx.projectId, campaignId);
    throw new ConflictError(
      `The campaign is ${campaign.status}: only a queued or scheduled campaign can be cancelled.`,
      "campaign_not_queued",
    );
  }
  return findCampaignOrThrow(ctx.db, ctx.projectId, campaignId);
}

/** Sender domain verified, template readable, segment and topic present and ours (422 otherwise). */
async function checkReferences(
  tx: Executor,
  projectId: string,
  values: {
    from_email: string;
    template?: string | null;
    target: string;
    segment?: string | null;
    topic?: string | null;
  },
) {
  if (values.topic) {
    await assertProjectTopics(tx, projectId, [{ id: values.topic, path: "topic" }]);
  }
  if (!isEmailAddress(values.from_email)) {
    throw new ValidationError("from_email: must be an email address", [
      { path: "from_email", message: "must be an email address" },
    ]);
  }
  await requireVerifiedSender(tx, projectId, values.from_email, "from_email");
  if (values.template) {
    await findReadableTemplateOrThrow(tx, projectId, values.template).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      throw new ValidationError(`Template ${values.template} does not exist.`, [
        {
          path: "template",
          message: "must be the id of one of your templates or a system template",
        },
      ]);
    });
  }
  if (values.target === "segment") {
    if (!values.segment) {
      throw new ValidationError("segment: is required when target is segment", [
        { path: "segment", message: "is required when target is segment" },
      ]);
    }
    await findSegmentOrThrow(tx, projectId, values.segment).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      throw new ValidationError(`Segment ${values.segment} does not exist.`, [
        { path: "segment", message: "must be the id of one of your segments" },
      ]);
    });
  }
}

type AbTestInput = {
  sample_percent: number;
  wait_hours: number;
  metric: "open_rate" | "click_rate";
};

/** An A/B test needs something to test: at least one alternate subject. */
function checkAbTest(abTest: AbTestInput | null, alternates: number) {
  if (abTest && alternates === 0) {
    throw new ValidationError("ab_test: add at least one variant (an alternate subject) to test", [
      { path: "ab_test", message: "needs at least one variant" },
    ]);
  }
}

function abColumns(abTest: AbTestInput | null) {
  return {
    abSamplePercent: abTest?.sample_percent ?? null,
    abWaitMinutes: abTest ? Math.round(abTest.wait_hours * 60) : null,
    abMetric: abTest?.metric ?? null,
  };
}

/** Variant A is the campaign subject; alternates become B, C, D in order. */
async function replaceVariants(
  tx: Executor,
  projectId: string,
  campaignId: string,
  subject: string,
  alternates: string[],
) {
  const keys = VARIANT_KEYS.slice(0, alternates.length + 1);
  await tx
    .delete(campaignVariants)
    .where(and(eq(campaignVariants.campaignId, campaignId), ne(campaignVariants.key, "A")));
  await tx
    .insert(campaignVariants)
    .values(
      keys.map((key, i) => ({
        projectId,
        campaignId,
        key,
        subject: i === 0 ? subject : alternates[i - 1]!,
      })),
    )
    .onConflictDoUpdate({
      target: [campaignVariants.projectId, campaignVariants.campaignId, campaignVariants.key],
      set: { subject },
    });
}

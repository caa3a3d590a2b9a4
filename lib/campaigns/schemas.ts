import { z } from "zod";
import { CAMPAIGN_STATUSES } from "@/db/schema";
import { PageQuery } from "@/lib/core/pagination";
import { JsonObject } from "@/lib/core/validation";

/** Campaign input (SPEC "Campaigns"): variants B–D are alternate subjects of variant A. */
export const VARIANT_KEYS = ["A", "B", "C", "D"] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

const text = (max: number, label = "must be a string") =>
  z
    .string({ error: label })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);

const Subject = text(998, "is required and must be a string").refine((v) => !/[\r\n]/.test(v), {
  message: "must be one line",
});

/** Campaign-wide placeholder values are read for every batch: keep them to a page of copy. */
export const MAX_CAMPAIGN_VARIABLES_BYTES = 64 * 1024;

const Variables = JsonObject.refine(
  (v) => Buffer.byteLength(JSON.stringify(v)) <= MAX_CAMPAIGN_VARIABLES_BYTES,
  { message: `must be at most ${MAX_CAMPAIGN_VARIABLES_BYTES / 1024} KB as JSON` },
);

const fields = {
  name: text(200, "is required and must be a string"),
  subject: Subject,
  from_name: text(200, "is required and must be a string"),
  from_email: z.string({ error: "is required and must be a string" }).trim().toLowerCase().max(320),
  preview_text: z.string({ error: "must be a string" }).max(500, "must be at most 500 characters"),
  template: text(100).nullable(),
  target: z.enum(["all", "segment"], { error: "must be all or segment" }),
  segment: text(100).nullable(),
  // DECISIONS §13: the topic it is about; a notice every contact must get.
  topic: text(100).nullable(),
  required_notice: z.boolean({ error: "must be true or false" }),
  variants: z
    .array(Subject, { error: "must be an array of subjects" })
    .max(3, "must have at most 3 alternate subjects (variants B, C, D)"),
  ab_test: z
    .object(
      {
        sample_percent: z
          .number({ error: "must be a number" })
          .int("must be a whole percentage")
          .min(1, "must be from 1 to 50")
          .max(50, "must be from 1 to 50"),
        wait_hours: z
          .number({ error: "must be a number of hours" })
          .min(0.25, "must be from 0.25 to 168 hours")
          .max(168, "must be from 0.25 to 168 hours"),
        metric: z
          .enum(["open_rate", "click_rate"], { error: "must be open_rate or click_rate" })
          .default("open_rate"),
      },
      { error: 'must be an object like {"sample_percent":20,"wait_hours":4}' },
    )
    .nullable(),
  variables: Variables,
  scheduled_at: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 timestamp" })
    .transform((v) => new Date(v))
    .nullable(),
};

export const CreateCampaignInput = z.object({
  name: fields.name,
  subject: fields.subject,
  from_name: fields.from_name,
  from_email: fields.from_email,
  preview_text: fields.preview_text.optional(),
  template: fields.template.optional(),
  target: fields.target.default("all"),
  segment: fields.segment.optional(),
  topic: fields.topic.optional(),
  required_notice: fields.required_notice.optional(),
  variants: fields.variants.optional(),
  ab_test: fields.ab_test.optional(),
  variables: fields.variables.optional(),
  scheduled_at: fields.scheduled_at.optional(),
});
export type CreateCampaignInput = z.output<typeof CreateCampaignInput>;

export const UpdateCampaignInput = z.object({
  name: fields.name.optional(),
  subject: fields.subject.optional(),
  from_name: fields.from_name.optional(),
  from_email: fields.from_email.optional(),
  preview_text: fields.preview_text.optional(),
  template: fields.template.optional(),
  target: fields.target.optional(),
  segment: fields.segment.optional(),
  topic: fields.topic.optional(),
  required_notice: fields.required_notice.optional(),
  variants: fields.variants.optional(),
  ab_test: fields.ab_test.optional(),
  variables: fields.variables.optional(),
  scheduled_at: fields.scheduled_at.optional(),
});
export type UpdateCampaignInput = z.output<typeof UpdateCampaignInput>;

export const ListCampaignsQuery = PageQuery.extend({
  status: z
    .enum(CAMPAIGN_STATUSES, { error: `must be one of ${CAMPAIGN_STATUSES.join(", ")}` })
    .optional(),
});

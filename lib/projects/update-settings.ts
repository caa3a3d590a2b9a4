import { eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { requireVerifiedSender } from "../domains/verified-sender";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import { forgetProjectSettings } from "./settings";
import { authorize } from "@/lib/core/permissions";

export const MAX_POSTAL_ADDRESS_LENGTH = 500;
/** A week at least: a bounce or complaint report can still arrive days after delivery. */
export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;
/** A month at least: engagement segments and campaign reports read the last weeks of events. */
export const MIN_EVENT_RETENTION_DAYS = 30;
export const MAX_EVENT_RETENTION_DAYS = 3650;

/** Multi-line; line endings normalized and each line trimmed; blank means none. */
const PostalAddress = z
  .string({ error: "must be a string" })
  .transform((value) =>
    value
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .trim(),
  )
  .pipe(
    z
      .string()
      .max(MAX_POSTAL_ADDRESS_LENGTH, `must be at most ${MAX_POSTAL_ADDRESS_LENGTH} characters`),
  )
  .nullable();

/** An IETF language tag (BCP 47) as mail clients read it in <html lang>: `en`, `de`, `pt-BR`. */
const LanguageTag = z
  .string({ error: "must be a string" })
  .trim()
  .regex(
    /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/,
    "must be a language tag such as en, de or pt-BR",
  );

/** A circuit-breaker threshold in percent: more than 0, at most 100. */
const RateThreshold = z
  .number({ error: "must be a number" })
  .gt(0, "must be more than 0 %")
  .max(100, "must be at most 100 %");

export const ProjectSettingsInput = z.object({
  default_from_name: z.string({ error: "must be a string" }).trim().max(200).nullable().optional(),
  default_from_email: EmailAddress.nullable().optional(),
  double_opt_in: z.boolean({ error: "must be true or false" }).optional(),
  postal_address: PostalAddress.optional(),
  language: LanguageTag.optional(),
  bounce_rate_threshold: RateThreshold.optional(),
  complaint_rate_threshold: RateThreshold.optional(),
  breaker_minimum_sends: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1,000,000")
    .optional(),
  email_content_retention_days: z
    .number({ error: "must be a number" })
    .int("must be a whole number of days")
    .min(MIN_RETENTION_DAYS, `must be at least ${MIN_RETENTION_DAYS} days`)
    .max(MAX_RETENTION_DAYS, `must be at most ${MAX_RETENTION_DAYS} days (10 years)`)
    .optional(),
  event_retention_days: z
    .number({ error: "must be a number" })
    .int("must be a whole number of days")
    .min(MIN_EVENT_RETENTION_DAYS, `must be at least ${MIN_EVENT_RETENTION_DAYS} days`)
    .max(MAX_EVENT_RETENTION_DAYS, `must be at most ${MAX_EVENT_RETENTION_DAYS} days (10 years)`)
    .optional(),
});

/**
 * Settings → General: the default sender (automation emails, confirmations, test sends; its
 * domain must be verified), double opt-in for new contacts, and the postal address printed in
 * the footer of marketing email (DECISIONS §8), the language of the project's email, and the
 * deliverability circuit breaker's thresholds (lib/breaker), and how long email content
 * (lib/emails/retention.ts) and events (lib/events/retention.ts) are kept.
 */
export async function updateProjectSettings(ctx: ServiceContext, input: unknown) {
  authorize(ctx, "settings.manage");
  const values = parseInput(ProjectSettingsInput, input);
  if (values.default_from_email) {
    await requireVerifiedSender(
      ctx.db,
      ctx.projectId,
      values.default_from_email,
      "default_from_email",
    );
  }
  const [project] = await ctx.db
    .update(projects)
    .set({
      ...(values.default_from_name !== undefined && {
        defaultFromName: values.default_from_name || null,
      }),
      ...(values.default_from_email !== undefined && {
        defaultFromEmail: values.default_from_email,
      }),
      ...(values.double_opt_in !== undefined && { doubleOptIn: values.double_opt_in }),
      ...(values.postal_address !== undefined && {
        postalAddress: values.postal_address || null,
      }),
      ...(values.language !== undefined && { language: values.language }),
      ...(values.bounce_rate_threshold !== undefined && {
        bounceRateThreshold: values.bounce_rate_threshold,
      }),
      ...(values.complaint_rate_threshold !== undefined && {
        complaintRateThreshold: values.complaint_rate_threshold,
      }),
      ...(values.breaker_minimum_sends !== undefined && {
        breakerMinimumSends: values.breaker_minimum_sends,
      }),
      ...(values.email_content_retention_days !== undefined && {
        emailContentRetentionDays: values.email_content_retention_days,
      }),
      ...(values.event_retention_days !== undefined && {
        eventRetentionDays: values.event_retention_days,
      }),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(projects.id, ctx.projectId))
    .returning();
  forgetProjectSettings(ctx.caches);
  return project!;
}

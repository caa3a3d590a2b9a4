/**
 * For e2e/pacing.spec.ts: a project whose campaign is going out while a receiver throttles it
 * and its new domain's warm-up caps it, made before the server starts (PGlite is single-process).
 */
import { eq, inArray } from "drizzle-orm";
import { campaigns, domainDailySends, domains, emails } from "@/db/schema";
import { addMembership } from "@/lib/users/users";
import { createCampaign } from "@/lib/campaigns/manage";
import { fanOutBatch } from "@/lib/campaigns/fanout";
import { serviceContext } from "@/lib/core/context";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "@/lib/emails/events";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";

const PACING_PROJECT = "Pacing Lab";
export const THROTTLE_REPLY =
  "421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume";

export async function seedPacing(runtime: Runtime, userId: string, at: Date) {
  const { project } = await createProject(
    runtime.db,
    { name: PACING_PROJECT, domain: "pacing.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const [domain] = await runtime.db.select().from(domains).where(eq(domains.projectId, project.id));
  // Verified today: day 1 of its warm-up, 400 of today's 1,000 used.
  await runtime.db.insert(domainDailySends).values({
    projectId: project.id,
    domainId: domain!.id,
    day: at.toISOString().slice(0, 10),
    sent: 400,
  });
  await runtime.handle.query(
    `insert into contacts (id, project_id, email, subscribed, source, data, created_at, updated_at)
     select 'ct_pace' || lpad(g::text, 4, '0'), $1, 'reader' || g || '@gmail.com', true, 'import', '{}', now(), now()
     from generate_series(1, 300) g`,
    [project.id],
  );
  const ctx = serviceContext(runtime, project.id);
  const { campaign } = await createCampaign(ctx, {
    name: "Winter launch",
    subject: "Our winter collection",
    from_name: "Pacing Lab",
    from_email: "news@pacing.test",
    template: "tpl_system_newsletter_digest",
  });
  await runtime.db
    .update(campaigns)
    .set({ status: "sending", startedAt: at })
    .where(eq(campaigns.id, campaign.id));
  await fanOutBatch(runtime, campaign.id, 300);
  await runtime.db
    .update(campaigns)
    .set({ status: "sent", sentAt: at })
    .where(eq(campaigns.id, campaign.id));
  const sent = (
    await runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.campaignId, campaign.id))
      .orderBy(emails.id)
  ).map((e) => e.id);
  // The server's worker must not deliver them: the picture is of mail waiting.
  await runtime.handle.query(
    `delete from pgboss.job where name = 'email-deliver' and data->'emailIds' ?| $1::text[]`,
    [sent],
  );
  await runtime.db.transaction(async (tx) => {
    const rows = await tx
      .select(EVENT_EMAIL_COLUMNS)
      .from(emails)
      .where(inArray(emails.id, sent.slice(0, 120)));
    await recordEmailEvents(
      tx,
      runtime.jobs,
      rows.map((email) => ({ email, type: "delivered", now: at, patch: { sentAt: at } })),
    );
  });
  await runtime.db
    .update(emails)
    .set({ waitingOn: "google", waitingReason: THROTTLE_REPLY })
    .where(inArray(emails.id, sent.slice(120, 270)));
  await runtime.db
    .update(emails)
    .set({
      waitingOn: "warm-up",
      waitingReason: "Warm-up day 1 of 15 for pacing.test: 1,000 campaign emails a day",
    })
    .where(inArray(emails.id, sent.slice(270)));
  return { projectName: PACING_PROJECT, campaignId: campaign.id, domainId: domain!.id };
}

/**
 * For e2e/circuit-breaker.spec.ts: a project where the deliverability circuit breaker has paused
 * a campaign and an automation, tripped the real way (bounces recorded through
 * recordEmailEvents), made before the server starts (PGlite is single-process).
 */
import { eq, inArray } from "drizzle-orm";
import { campaigns, emails } from "@/db/schema";
import { addMembership } from "@/lib/users/users";
import { createCampaign } from "@/lib/campaigns/manage";
import { fanOutBatch } from "@/lib/campaigns/fanout";
import { createAutomation } from "@/lib/automations/create";
import { updateAutomation } from "@/lib/automations/update";
import { serviceContext } from "@/lib/core/context";
import { judgeBreakers } from "@/lib/deliverability/check-breakers";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "@/lib/emails/events";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";

const BREAKER_PROJECT = "Deliverability Lab";

export async function seedTrippedBreakers(runtime: Runtime, userId: string, at: Date) {
  const { project } = await createProject(
    runtime.db,
    { name: BREAKER_PROJECT, domain: "lab.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const ctx = serviceContext(runtime, project.id);
  await runtime.handle.query(
    `insert into contacts (id, project_id, email, subscribed, source, data, created_at, updated_at)
     select 'ct_lab' || lpad(g::text, 4, '0'), $1, 'reader' || g || '@example.com', true, 'import', '{}', now(), now()
     from generate_series(1, 300) g`,
    [project.id],
  );

  // A campaign 250 emails into its audience of 300, when 20 of its first 250 hard-bounce (8 %).
  const { campaign } = await createCampaign(ctx, {
    name: "Spring sale",
    subject: "Our spring sale",
    from_name: "Lab",
    from_email: "news@lab.test",
    template: "tpl_system_newsletter_digest",
  });
  await runtime.db
    .update(campaigns)
    .set({ status: "sending", startedAt: at })
    .where(eq(campaigns.id, campaign.id));
  await fanOutBatch(runtime, campaign.id, 250);
  const sent = await runtime.db
    .select({ id: emails.id })
    .from(emails)
    .where(eq(emails.campaignId, campaign.id))
    .orderBy(emails.id);
  await record(
    runtime,
    sent.slice(0, 230).map((e) => e.id),
    "delivered",
    at,
  );
  await record(
    runtime,
    sent.slice(230, 250).map((e) => e.id),
    "bounced",
    at,
  );

  // A live automation whose latest 220 live sends include 15 hard bounces.
  const automation = await createAutomation(ctx, {
    name: "Welcome series",
    trigger: { event: "event", name: "signed_up" },
    steps: [{ type: "email", templateId: "tpl_system_newsletter_digest" }],
  });
  await updateAutomation(ctx, automation.id, { status: "live" });
  // Sent after it went live (on the clock that stamped `live_since`): in the breaker's window.
  const sentAt = new Date(runtime.clock.now().getTime() + 1000);
  const sendAt = sentAt.toISOString();
  await runtime.handle.query(
    `insert into automation_runs (id, project_id, automation_id, contact_id, status, created_at, updated_at, finished_at)
     select 'run_lab' || g, $1, $2, 'ct_lab' || lpad(g::text, 4, '0'), 'completed', $3, $3, $3
     from generate_series(1, 220) g`,
    [project.id, automation.id, sendAt],
  );
  await runtime.handle.query(
    `insert into emails (id, project_id, type, status, from_address, "to", subject, contact_id, automation_run_id, tracking_token, sent_at, created_at, updated_at)
     select 'em_lab' || g, $1, 'automation', 'sent', 'hello@lab.test', 'reader' || g || '@example.com', 'Welcome',
       'ct_lab' || lpad(g::text, 4, '0'), 'run_lab' || g, 'tok_lab' || g, $2, $2, $2
     from generate_series(1, 220) g`,
    [project.id, sendAt],
  );
  const ids = Array.from({ length: 220 }, (_, i) => `em_lab${i + 1}`);
  await record(runtime, ids.slice(0, 205), "delivered", sentAt);
  await record(runtime, ids.slice(205), "bounced", sentAt);
  return {
    projectName: BREAKER_PROJECT,
    campaignId: campaign.id,
    automationId: automation.id,
  };
}

async function record(runtime: Runtime, ids: string[], type: "delivered" | "bounced", now: Date) {
  const recorded = await runtime.db.transaction(async (tx) => {
    const rows = await tx.select(EVENT_EMAIL_COLUMNS).from(emails).where(inArray(emails.id, ids));
    await recordEmailEvents(
      tx,
      runtime.jobs,
      rows.map((email) => ({
        email,
        type,
        now,
        data: type === "bounced" ? { reason: "hard_bounce" } : {},
        patch: { sentAt: now },
      })),
    );
    return rows;
  });
  // No worker runs before the server starts: judge now, as the breaker-check job would.
  if (type === "bounced") {
    await judgeBreakers(
      runtime,
      recorded.map((e) => ({
        emailId: e.id,
        campaignId: e.campaignId,
        type,
        now: now.toISOString(),
      })),
    );
  }
}

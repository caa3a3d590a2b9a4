/**
 * For e2e/campaign-work.spec.ts and the overview screenshots: a project with a sent campaign
 * whose emails were delivered, opened and clicked (events recorded through recordEmailEvents,
 * the way tracking records them), spread over the last days. Made before the server starts
 * (PGlite is single-process).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { campaigns, emails } from "@/db/schema";
import { createCampaign } from "@/lib/campaigns/manage";
import { fanOutBatch } from "@/lib/campaigns/fanout";
import { serviceContext } from "@/lib/core/context";
import { addMembership } from "@/lib/users/users";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "@/lib/emails/events";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";

const ENGAGEMENT_PROJECT = "Engagement Lab";
const READERS = 30;
const LINKS = ["https://engage.test/pricing", "https://engage.test/blog/spring"];

export async function seedEngagement(runtime: Runtime, userId: string, at: Date) {
  const { project } = await createProject(
    runtime.db,
    { name: ENGAGEMENT_PROJECT, domain: "engage.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const ctx = serviceContext(runtime, project.id);
  await runtime.handle.query(
    `insert into contacts (id, project_id, email, name, subscribed, source, data, created_at, updated_at)
     select 'ct_eng' || lpad(g::text, 3, '0'), $1, 'reader' || g || '@example.com', 'Reader ' || g,
       true, 'import', '{}', now(), now()
     from generate_series(1, ${READERS}) g`,
    [project.id],
  );
  const { campaign } = await createCampaign(ctx, {
    name: "Spring newsletter",
    subject: "Spring is here",
    variants: ["New this spring"],
    from_name: "Engage",
    from_email: "news@engage.test",
    template: "tpl_system_newsletter_digest",
  });
  await runtime.db
    .update(campaigns)
    .set({ status: "sending", startedAt: at })
    .where(eq(campaigns.id, campaign.id));
  while (!(await fanOutBatch(runtime, campaign.id)).done);

  const sent = await runtime.db
    .select({ id: emails.id })
    .from(emails)
    .where(eq(emails.campaignId, campaign.id))
    .orderBy(emails.id);
  const ids = sent.map((e) => e.id);
  await record(runtime, ids.slice(0, 28), "delivered", at);
  await record(runtime, ids.slice(0, 16), "opened", at);
  await record(runtime, ids.slice(0, 6), "clicked", at, LINKS[0]);
  await record(runtime, ids.slice(2, 5), "clicked", at, LINKS[1]);
  // The overview charts days: spread the emails over the last five days.
  await runtime.db
    .update(emails)
    .set({
      createdAt: sql`${emails.createdAt} - (ascii(right(${emails.id}, 1)) % 5) * interval '1 day'`,
    })
    .where(eq(emails.campaignId, campaign.id));
  return { projectName: project.name, campaignId: campaign.id, campaignName: campaign.name };
}

async function record(
  runtime: Runtime,
  ids: string[],
  type: "delivered" | "opened" | "clicked",
  now: Date,
  url?: string,
) {
  await runtime.db.transaction(async (tx) => {
    const rows = await tx.select(EVENT_EMAIL_COLUMNS).from(emails).where(inArray(emails.id, ids));
    await recordEmailEvents(
      tx,
      runtime.jobs,
      rows.map((email) => ({
        email,
        type,
        now,
        data: url ? { url } : {},
        ...(type === "delivered" && { patch: { sentAt: now } }),
      })),
    );
  });
}

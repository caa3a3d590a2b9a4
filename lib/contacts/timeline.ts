import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { readableTemplateNames } from "@/lib/templates/names";
import {
  automationRuns,
  automationStepRuns,
  automations,
  campaigns,
  emails,
  events,
  subscriptionChanges,
  type Contact,
  type EmailStatus,
  type RunStatus,
} from "@/db/schema";
import { rowsOf } from "@/db";
import { serializeStepRun } from "../automations/serialize";
import type { ServiceContext } from "@/lib/core/context";
import {
  beforeCursor,
  decodeCursor,
  encodeCursor,
  PageQuery,
  type Cursor,
} from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { findContactOrThrow } from "./internal";
import { SUBSCRIPTION_EVENTS } from "./subscription-events";
import { isOlderThan, mergeNewestFirst } from "./timeline-merge";

/** What a marketer sees of an email's life after it was sent; opens and clicks are capped. */
const EMAIL_ACTIVITY = ["opened", "clicked", "bounced", "complained", "failed"] as const;
const ACTIVITY_PER_TYPE = 5;
const STEPS_PER_RUN = 30;
/** Items per page on the dashboard (its first page and each "Load more"). */
export const STORY_PAGE_SIZE = 25;

export type EmailActivity = { type: string; at: Date; data: Record<string, unknown> };
export type TimelineItem = { at: Date; id: string } & (
  | { kind: "email"; email: TimelineEmail }
  | { kind: "run"; run: TimelineRun }
  | { kind: "event"; event: { name: string; data: Record<string, unknown> } }
  | { kind: "subscription"; change: TimelineSubscriptionChange }
  | { kind: "created"; source: string }
);
export type TimelineEmail = {
  subject: string;
  type: "transactional" | "campaign" | "automation";
  status: EmailStatus;
  mode: "live" | "test";
  opens: number;
  clicks: number;
  campaign: { id: string; name: string } | null;
  automation: { id: string; name: string; runId: string } | null;
  activity: EmailActivity[];
};
export type TimelineRun = {
  automationId: string;
  automationName: string;
  status: RunStatus;
  steps: ReturnType<typeof serializeStepRun>[];
  automationSteps: (typeof automations.$inferSelect)["steps"];
  /** Names of the templates its email steps send, for step summaries ("Send “Welcome”"). */
  templateNames: Record<string, string>;
};
export type TimelineSubscriptionChange = {
  subscribed: boolean;
  via: "unsubscribe_link" | "double_opt_in" | "update";
  email: { id: string; subject: string; campaign: { id: string; name: string } | null } | null;
};

/**
 * A contact's whole story, newest first, keyset-paged across every source: the emails sent to
 * its address (with their opens, clicks, bounces and complaints), its automation runs and their
 * steps, the events recorded for it, its subscription changes, and when it was added. The cursor
 * is bound to the project and the contact.
 */
export async function listContactStory(ctx: ServiceContext, contactId: string, query: unknown) {
  const { limit, cursor: token } = parseInput(PageQuery, query);
  const contact = await findContactOrThrow(ctx.db, ctx.projectId, contactId);
  const scope = `${ctx.projectId}:contact-story:${contact.id}`;
  const cursor = decodeCursor(scope, token);
  const take = limit + 1;
  const sources = await Promise.all([
    emailItems(ctx, contact, cursor, take),
    runItems(ctx, contact, cursor, take),
    eventItems(ctx, contact, cursor, take),
    subscriptionItems(ctx, contact, cursor, take),
  ]);
  const created: TimelineItem = {
    kind: "created",
    at: contact.createdAt,
    id: contact.id,
    source: contact.source,
  };
  const cursorKey = cursor && { at: cursor.createdAt, id: cursor.id };
  if (isOlderThan(created, cursorKey)) sources.push([created]);
  const { items, hasMore } = mergeNewestFirst<TimelineItem>(sources, limit);
  const last = items[items.length - 1];
  return {
    data: items,
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(scope, { createdAt: last.at, id: last.id }) : null,
  };
}
export type ContactStoryPage = Awaited<ReturnType<typeof listContactStory>>;

async function emailItems(
  ctx: ServiceContext,
  contact: Contact,
  cursor: Cursor | undefined,
  take: number,
): Promise<TimelineItem[]> {
  const rows = await ctx.db
    .select({
      email: emails,
      campaignName: campaigns.name,
      automationId: automationRuns.automationId,
      automationName: automations.name,
    })
    .from(emails)
    .leftJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .leftJoin(automationRuns, eq(automationRuns.id, emails.automationRunId))
    .leftJoin(automations, eq(automations.id, automationRuns.automationId))
    .where(
      and(
        eq(emails.projectId, ctx.projectId),
        eq(emails.to, contact.email),
        beforeCursor(emails.createdAt, emails.id, cursor),
      ),
    )
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(take);
  const activity = await emailActivity(
    ctx,
    rows.map((r) => r.email.id),
  );
  return rows.map(({ email, campaignName, automationId, automationName }) => ({
    kind: "email",
    at: email.createdAt,
    id: email.id,
    email: {
      subject: email.subject,
      type: email.type,
      status: email.status,
      mode: email.mode,
      opens: email.opens,
      clicks: email.clicks,
      campaign:
        email.campaignId && campaignName ? { id: email.campaignId, name: campaignName } : null,
      automation:
        email.automationRunId && automationId
          ? { id: automationId, name: automationName ?? "Automation", runId: email.automationRunId }
          : null,
      activity: activity.get(email.id) ?? [],
    },
  }));
}

/** The latest few opens, clicks, bounces… of each email, oldest first, in one query. */
async function emailActivity(ctx: ServiceContext, emailIds: string[]) {
  const byEmail = new Map<string, EmailActivity[]>();
  if (emailIds.length === 0) return byEmail;
  const rows = rowsOf<{ email_id: string; type: string; data: unknown; created_at: string }>(
    await ctx.db.execute(sql`
      select email_id, type, data, created_at from (
        select ev.email_id, ev.type, ev.data, ev.created_at, ev.id, row_number() over (
          partition by ev.email_id, ev.type order by ev.created_at desc, ev.id desc) as n
        from email_events ev
        where ev.project_id = ${ctx.projectId}
          and ev.email_id in (${sql.join(
            emailIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          and ev.type in (${sql.join(
            EMAIL_ACTIVITY.map((type) => sql`${type}`),
            sql`, `,
          )})
      ) latest
      where n <= ${ACTIVITY_PER_TYPE}
      order by created_at, id`),
  );
  for (const row of rows) {
    const list = byEmail.get(row.email_id) ?? [];
    list.push({
      type: row.type,
      at: new Date(row.created_at),
      data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) ?? {},
    });
    byEmail.set(row.email_id, list);
  }
  return byEmail;
}

async function runItems(
  ctx: ServiceContext,
  contact: Contact,
  cursor: Cursor | undefined,
  take: number,
): Promise<TimelineItem[]> {
  const rows = await ctx.db
    .select({ run: automationRuns, name: automations.name, steps: automations.steps })
    .from(automationRuns)
    .innerJoin(automations, eq(automations.id, automationRuns.automationId))
    .where(
      and(
        eq(automationRuns.projectId, ctx.projectId),
        eq(automationRuns.contactId, contact.id),
        beforeCursor(automationRuns.createdAt, automationRuns.id, cursor),
      ),
    )
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(take);
  const ids = rows.map((r) => r.run.id);
  const stepRows =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(automationStepRuns)
          .where(
            and(
              eq(automationStepRuns.projectId, ctx.projectId),
              inArray(automationStepRuns.runId, ids),
            ),
          )
          .orderBy(automationStepRuns.startedAt, automationStepRuns.id);
  const stepsOf = new Map<string, ReturnType<typeof serializeStepRun>[]>();
  for (const step of stepRows) {
    const list = stepsOf.get(step.runId) ?? [];
    // A run's first steps tell its story; a long-running loop of waits is cut short.
    if (list.length < STEPS_PER_RUN) list.push(serializeStepRun(step));
    stepsOf.set(step.runId, list);
  }
  const templateNames = await templateNamesOf(
    ctx,
    rows.flatMap((r) => r.steps),
  );
  return rows.map(({ run, name, steps }) => ({
    kind: "run",
    at: run.createdAt,
    id: run.id,
    run: {
      automationId: run.automationId,
      automationName: name,
      status: run.status,
      steps: stepsOf.get(run.id) ?? [],
      automationSteps: steps,
      templateNames,
    },
  }));
}

/** The project's own and the gallery's templates that email steps name, in one query. */
async function templateNamesOf(
  ctx: ServiceContext,
  steps: (typeof automations.$inferSelect)["steps"],
): Promise<Record<string, string>> {
  const ids = [
    ...new Set(
      steps.flatMap((s) =>
        s.type === "email" && typeof s.templateId === "string" ? [s.templateId] : [],
      ),
    ),
  ];
  return Object.fromEntries(await readableTemplateNames(ctx, ids));
}

async function eventItems(
  ctx: ServiceContext,
  contact: Contact,
  cursor: Cursor | undefined,
  take: number,
): Promise<TimelineItem[]> {
  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.projectId, ctx.projectId),
        eq(events.contactId, contact.id),
        // Shown from the subscription history, which names the email (subscription-events.ts).
        notInArray(events.name, Object.values(SUBSCRIPTION_EVENTS)),
        beforeCursor(events.createdAt, events.id, cursor),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(take);
  return rows.map((event) => ({
    kind: "event",
    at: event.createdAt,
    id: event.id,
    event: { name: event.name, data: event.data },
  }));
}

async function subscriptionItems(
  ctx: ServiceContext,
  contact: Contact,
  cursor: Cursor | undefined,
  take: number,
): Promise<TimelineItem[]> {
  const rows = await ctx.db
    .select({
      change: subscriptionChanges,
      subject: emails.subject,
      campaignId: emails.campaignId,
      campaignName: campaigns.name,
    })
    .from(subscriptionChanges)
    .leftJoin(
      emails,
      and(eq(emails.id, subscriptionChanges.emailId), eq(emails.projectId, ctx.projectId)),
    )
    .leftJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .where(
      and(
        eq(subscriptionChanges.projectId, ctx.projectId),
        eq(subscriptionChanges.contactId, contact.id),
        beforeCursor(subscriptionChanges.createdAt, subscriptionChanges.id, cursor),
      ),
    )
    .orderBy(desc(subscriptionChanges.createdAt), desc(subscriptionChanges.id))
    .limit(take);
  return rows.map(({ change, subject, campaignId, campaignName }) => ({
    kind: "subscription",
    at: change.createdAt,
    id: change.id,
    change: {
      subscribed: change.subscribed,
      via: change.via,
      email:
        change.emailId && subject !== null
          ? {
              id: change.emailId,
              subject,
              campaign: campaignId && campaignName ? { id: campaignId, name: campaignName } : null,
            }
          : null,
    },
  }));
}

/** The page as plain JSON (ISO times) for the dashboard's client components. */
export function serializeContactStory(page: ContactStoryPage) {
  return { ...page, data: page.data.map(serializeStoryItem) };
}

function serializeStoryItem(item: TimelineItem) {
  const at = item.at.toISOString();
  if (item.kind !== "email") return { ...item, at };
  const activity = item.email.activity.map((a) => ({ ...a, at: a.at.toISOString() }));
  return { ...item, at, email: { ...item.email, activity } };
}
export type ContactStoryResource = ReturnType<typeof serializeContactStory>;
export type StoryItem = ContactStoryResource["data"][number];

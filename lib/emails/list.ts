import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import {
  afterCursor,
  beforeCursor,
  decodeCursor,
  newestFirst,
  PageQuery,
  toPage,
} from "@/lib/core/pagination";
import { columnsContain } from "@/lib/core/search/contains";
import { parseInput } from "@/lib/core/validation";
import { ListEmailsQuery } from "./schemas";
import { serializeEmail, serializeEmailEvent } from "./serialize";
import { emailBody } from "../templates/stored-content";

/**
 * GET /v1/emails and the Emails log: newest first, keyset cursor; filters by status, type,
 * campaign, automation, contact, recipient, creation time and part of the recipient's address, each served by an
 * index that starts with the project (db/schema/emails.ts), the search by a trigram index.
 */
export async function listEmails(ctx: ServiceContext, query: unknown) {
  const values = parseInput(ListEmailsQuery, query);
  const { limit, cursor, status, type, search, to, since, until } = values;
  const campaign = values.campaign_id ?? values.campaign;
  const automation = values.automation_id ?? values.automation;
  const scope = `${ctx.projectId}:emails`;
  const filters: (SQL | undefined)[] = [
    eq(emails.projectId, ctx.projectId),
    status ? eq(emails.status, status) : undefined,
    type ? eq(emails.type, type) : undefined,
    campaign ? eq(emails.campaignId, campaign) : undefined,
    automation ? eq(emails.automationId, automation) : undefined,
    values.contact_id ? eq(emails.contactId, values.contact_id) : undefined,
    to ? eq(emails.to, to) : undefined,
    since ? gte(emails.createdAt, since) : undefined,
    until ? lte(emails.createdAt, until) : undefined,
    search ? columnsContain([emails.to], search) : undefined,
    beforeCursor(emails.createdAt, emails.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(emails)
    .where(and(...filters))
    .orderBy(...newestFirst(emails.createdAt, emails.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeEmail);
}

export async function getEmail(ctx: ServiceContext, emailId: string) {
  const [email] = await ctx.db
    .select()
    .from(emails)
    .where(and(eq(emails.projectId, ctx.projectId), eq(emails.id, emailId)))
    .limit(1);
  if (!email) throw new NotFoundError("Email");
  return email;
}

/** An email with its HTML and text (rendered again when it was built from a template). */
export async function getEmailWithBody(ctx: ServiceContext, emailId: string) {
  const email = await getEmail(ctx, emailId);
  return { ...email, ...(await emailBody(ctx, email)) };
}

/** An email's timeline, oldest first (the order things happened), keyset-paged. */
export async function listEmailEvents(ctx: ServiceContext, emailId: string, query: unknown) {
  const { limit, cursor } = parseInput(PageQuery, query);
  await getEmail(ctx, emailId);
  const scope = `${ctx.projectId}:email-events:${emailId}`;
  const after = decodeCursor(scope, cursor);
  const rows = await ctx.db
    .select()
    .from(emailEvents)
    .where(
      and(
        eq(emailEvents.emailId, emailId),
        afterCursor(emailEvents.createdAt, emailEvents.id, after),
      ),
    )
    .orderBy(asc(emailEvents.createdAt), asc(emailEvents.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeEmailEvent);
}

import { Mail, SearchX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import {
  EMAIL_STATUS_LABELS,
  EMAIL_TYPE_LABELS,
  type EmailStatus,
  type EmailType,
} from "@/components/emails/email-status-badge";
import { EmailsTable } from "@/components/emails/emails-table";
import { emailsHref, EmailsToolbar, type EmailFilters } from "@/components/emails/emails-toolbar";
import { sendCurlExample } from "@/components/emails/send-curl-example";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager, newestFirstSummary } from "@/components/ui/keyset-pager";
import { SettingsLink } from "@/components/settings/settings-link";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { listDomains } from "@/lib/domains/list";
import { first, pick, type SearchParams } from "@/lib/web/dashboard/search-params";
import { listAutomations } from "@/lib/automations/list";
import { listCampaigns } from "@/lib/campaigns/manage";
import { listEmails } from "@/lib/emails/list";
import { ValidationError } from "@/lib/core/errors";

export const metadata: Metadata = { title: "Emails" };

const PAGE_SIZE = 25;
export default async function EmailsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, appUrl, project } = await requireDashboard();
  const params = await searchParams;
  const filters: EmailFilters = {
    status: pick<EmailStatus>(first(params.status), EMAIL_STATUS_LABELS),
    type: pick<EmailType>(first(params.type), EMAIL_TYPE_LABELS),
    search: first(params.search)?.slice(0, 200),
    campaign: first(params.campaign)?.slice(0, 100),
    automation: first(params.automation)?.slice(0, 100),
    since: day(first(params.since)),
    until: day(first(params.until)),
  };
  const cursor = first(params.cursor);
  // The filter form sends every field, set or not: show the short, shareable address instead.
  if (Object.values(params).some((v) => v === "")) redirect(emailsHref({ ...filters, cursor }));
  const filtered = Object.values(filters).some(Boolean);

  let page;
  try {
    page = await listEmails(ctx, { ...filters, cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const everEmpty = !filtered && !cursor && page !== null && page.data.length === 0;
  const [campaignOptions, automationOptions] = everEmpty
    ? [[], []]
    : await Promise.all([
        listCampaigns(ctx, { limit: 100 }).then((p) => options(p.data, filters.campaign)),
        listAutomations(ctx, { limit: 100 }).then((p) => options(p.data, filters.automation)),
      ]);

  return (
    <>
      <PageHeader
        title="Emails"
        description="Every email this project sent, newest first, with its delivery status and engagement."
      />
      <Card className="overflow-hidden">
        {everEmpty ? (
          <FirstSend appUrl={appUrl} projectName={project.name} />
        ) : (
          <>
            <EmailsToolbar
              filters={filters}
              campaigns={campaignOptions}
              automations={automationOptions}
            />
            {page === null ? (
              <InvalidCursorNotice firstHref={emailsHref(filters)} />
            ) : page.data.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title={cursor ? "No more emails" : "No emails match"}
                description={cursor ? "You reached the end of the list." : describeNoMatch(filters)}
              >
                <Button variant="secondary" asChild>
                  <Link href={cursor ? emailsHref(filters) : "/emails"}>
                    {cursor ? "Back to the first page" : "Clear filters"}
                  </Link>
                </Button>
              </EmptyState>
            ) : (
              <>
                <EmailsTable emails={page.data} now={ctx.clock.now()} />
                <KeysetPager
                  page={page}
                  cursor={cursor}
                  firstHref={emailsHref(filters)}
                  nextHref={(next) => emailsHref({ ...filters, cursor: next })}
                  labels="newest-older"
                  summary={newestFirstSummary(cursor, "Older emails", page.data.length)}
                />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}

/** A date from the address bar (YYYY-MM-DD), or nothing when it is not one. */
function day(value: string | undefined) {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;
}

/** Campaign or automation choices for the filter, keeping a filtered one beyond the newest 100. */
function options(rows: { id: string; name: string }[], selected: string | undefined) {
  const list = rows.map(({ id, name }) => ({ id, name }));
  if (selected && !list.some((o) => o.id === selected))
    list.unshift({ id: selected, name: selected });
  return list;
}

function describeNoMatch(filters: EmailFilters) {
  if (filters.search || filters.campaign || filters.automation || filters.since || filters.until)
    return "No emails match these filters.";
  return `No ${filters.type ? `${EMAIL_TYPE_LABELS[filters.type].toLowerCase()} ` : ""}emails${filters.status ? ` are ${EMAIL_STATUS_LABELS[filters.status].toLowerCase()}` : ""} yet.`;
}

/** Empty project: how to send the first email, from a verified domain when there is one. */
async function FirstSend({ appUrl, projectName }: { appUrl: string; projectName: string }) {
  const { ctx, project } = await requireDashboard();
  const role = project.role;
  const domains = await listDomains(ctx, { limit: 100 });
  const verified = domains.data.find((d) => d.status === "verified");
  const address = `hello@${verified?.name ?? "your-domain.com"}`;
  // A display name only when it needs no shell or JSON escaping.
  const from = /^[\w .-]+$/.test(projectName) ? `${projectName} <${address}>` : address;
  return (
    <EmptyState
      icon={Mail}
      title="No emails sent yet"
      description={
        <>
          Send your first email with the API. With a test key delivery is simulated: send to{" "}
          <code className="font-mono text-[12.5px]">bounce@example.com</code> or{" "}
          <code className="font-mono text-[12.5px]">complaint@example.com</code> to see a bounce or
          a complaint.
        </>
      }
    >
      <CodeBlock code={sendCurlExample(appUrl, from)} label="POST /api/v1/send" />
      <p className="mt-3 text-[13px] text-zinc-500">
        {verified ? (
          <>
            Sending from <span className="font-medium text-zinc-700">{verified.name}</span>, your
            verified domain.{" "}
          </>
        ) : (
          <>
            You need a verified domain to send from.{" "}
            <SettingsLink
              role={role}
              permission="domains.manage"
              href="/settings/domains"
              memberText="An admin of this project can add one."
            >
              Add one in Settings → Domains
            </SettingsLink>
            .{" "}
          </>
        )}
        Need a key?{" "}
        <SettingsLink
          role={role}
          permission="api_keys.manage"
          href="/settings/api-keys"
          memberText="Ask an admin of this project for one."
        >
          Create one in Settings → API keys
        </SettingsLink>
      </p>
    </EmptyState>
  );
}

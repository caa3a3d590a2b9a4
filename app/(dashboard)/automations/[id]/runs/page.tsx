import { SearchX, Workflow } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { AutomationStatusBadge } from "@/components/automations/automation-status-badge";
import { triggerSummary } from "@/components/automations/builder/summary";
import { BackLink } from "@/components/automations/runs/back-link";
import { NoRuns } from "@/components/automations/runs/no-runs";
import { RUN_STATUS_LABELS } from "@/components/automations/runs/run-status-badge";
import { RunsTable } from "@/components/automations/runs/runs-table";
import { runsHref, RunsToolbar } from "@/components/automations/runs/runs-toolbar";
import { stepLabels } from "@/components/automations/runs/step-labels";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager, newestFirstSummary } from "@/components/ui/keyset-pager";
import type { RunStatus } from "@/db/schema";
import { getAutomation, getAutomationWithStats } from "@/lib/automations/get";
import { listRunsWithContacts, templateNamesOfSteps } from "@/lib/automations/run-list";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatCount } from "@/lib/web/dashboard/format";
import { first, pick, type SearchParams } from "@/lib/web/dashboard/search-params";
import { NotFoundError, ValidationError } from "@/lib/core/errors";

const PAGE_SIZE = 25;
type Props = {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const automation = await getAutomation(ctx, (await params).id).catch(() => null);
  return { title: automation ? `Runs · ${automation.name}` : "Runs" };
}

export default async function AutomationRunsPage({ params, searchParams }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const query = await searchParams;
  const { automation, stats } = await getAutomationWithStats(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const status = pick<RunStatus>(first(query.status), RUN_STATUS_LABELS);
  const cursor = first(query.cursor);

  const [page, templateNames] = await Promise.all([
    listRunsWithContacts(ctx, automation.id, { limit: PAGE_SIZE, cursor, status }).catch(
      (error: unknown) => {
        // A stale or hand-edited cursor: say so and offer the first page.
        if (error instanceof ValidationError) return null;
        throw error;
      },
    ),
    templateNamesOfSteps(ctx, automation.steps),
  ]);
  const labels = stepLabels(automation.steps, templateNames);
  const now = ctx.clock.now();
  const builderHref = `/automations/${automation.id}`;

  return (
    <>
      <PageHeader
        eyebrow={<BackLink href={builderHref}>{automation.name}</BackLink>}
        title="Runs"
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <AutomationStatusBadge status={automation.status} />
            <span>{triggerSummary(automation.trigger)}</span>
            {/* The separator wraps with its text, never dangling at a line's end. */}
            <span className="inline-flex items-center gap-x-2">
              <span aria-hidden>·</span>
              {formatCount(stats.runs.total)} {stats.runs.total === 1 ? "contact" : "contacts"}{" "}
              entered
            </span>
          </span>
        }
        actions={
          <Button variant="secondary" asChild>
            <Link href={builderHref}>
              <Workflow aria-hidden />
              Open the builder
            </Link>
          </Button>
        }
      />
      <Card className="overflow-hidden">
        {stats.runs.total === 0 && !status && !cursor ? (
          <NoRuns
            automationId={automation.id}
            trigger={automation.trigger}
            status={automation.status}
          />
        ) : (
          <>
            <RunsToolbar automationId={automation.id} status={status} counts={stats.runs} />
            {page === null ? (
              <InvalidCursorNotice firstHref={runsHref(automation.id, { status })} />
            ) : page.data.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title={cursor ? "No more runs" : "No runs match this filter"}
                description={
                  cursor
                    ? "You reached the end of the list."
                    : `No run of this automation is ${status ? RUN_STATUS_LABELS[status].toLowerCase() : "here"} right now.`
                }
              >
                <Button variant="secondary" asChild>
                  <Link href={runsHref(automation.id, cursor ? { status } : {})}>
                    {cursor ? "Back to the first page" : "Show all runs"}
                  </Link>
                </Button>
              </EmptyState>
            ) : (
              <>
                <RunsTable
                  automationId={automation.id}
                  runs={page.data}
                  labels={labels}
                  now={now}
                />
                <KeysetPager
                  page={page}
                  cursor={cursor}
                  firstHref={runsHref(automation.id, { status })}
                  nextHref={(next) => runsHref(automation.id, { status, cursor: next })}
                  labels="newest-older"
                  summary={newestFirstSummary(cursor, "Older runs", page.data.length)}
                />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}

import { ArrowLeft, ArrowRight, SearchX, Workflow } from "lucide-react";
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
import { Notice } from "@/components/ui/notice";
import type { RunStatus } from "@/db/schema";
import { getAutomation, getAutomationWithStats } from "@/lib/automations/get";
import { listRunsWithContacts, templateNamesOfSteps } from "@/lib/dashboard/automation-runs";
import { requireDashboard } from "@/lib/dashboard/context";
import { formatCount } from "@/lib/dashboard/format";
import { NotFoundError, ValidationError } from "@/lib/errors";

const PAGE_SIZE = 25;
type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const automation = await getAutomation(ctx, (await params).id).catch(() => null);
  return { title: automation ? `Runs · ${automation.name}` : "Runs" };
}

function first(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

export default async function AutomationRunsPage({ params, searchParams }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const query = await searchParams;
  const { automation, stats } = await getAutomationWithStats(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  // Unknown filter values (a hand-edited URL) are ignored rather than failing the page.
  const wanted = first(query.status);
  const status = wanted && wanted in RUN_STATUS_LABELS ? (wanted as RunStatus) : undefined;
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
              <div className="p-5">
                <Notice tone="error" title="This page link is no longer valid">
                  The paging cursor in the address does not belong to this list.{" "}
                  <Link
                    href={runsHref(automation.id, { status })}
                    className="font-medium underline"
                  >
                    Go to the first page
                  </Link>
                </Notice>
              </div>
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
                <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-100 px-4 py-3 sm:px-5">
                  <p className="text-[13px] text-zinc-500">
                    {cursor ? "Older runs" : "Newest first"} · {page.data.length} shown
                  </p>
                  <div className="flex gap-2">
                    {cursor && (
                      <Button variant="secondary" size="sm" asChild>
                        <Link href={runsHref(automation.id, { status })}>
                          <ArrowLeft aria-hidden />
                          Newest
                        </Link>
                      </Button>
                    )}
                    {page.has_more && page.next_cursor && (
                      <Button variant="secondary" size="sm" asChild>
                        <Link href={runsHref(automation.id, { status, cursor: page.next_cursor })}>
                          Older
                          <ArrowRight aria-hidden />
                        </Link>
                      </Button>
                    )}
                  </div>
                </div>
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}

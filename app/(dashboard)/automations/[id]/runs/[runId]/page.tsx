import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { BackLink } from "@/components/automations/runs/back-link";
import { RunFacts } from "@/components/automations/runs/run-facts";
import { RunTimeline } from "@/components/automations/runs/run-timeline";
import { stepLabels } from "@/components/automations/runs/step-labels";
import { Card, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getAutomation } from "@/lib/automations/get";
import { getRun } from "@/lib/automations/run-list";
import { getContact } from "@/lib/contacts/get";
import { templateNamesOfSteps } from "@/lib/automations/run-list";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { relativeTime } from "@/lib/web/dashboard/format";
import { NotFoundError } from "@/lib/core/errors";

type Props = { params: Promise<{ id: string; runId: string }> };

export const metadata: Metadata = { title: "Automation run" };

function orNotFound(error: unknown): never {
  if (error instanceof NotFoundError) notFound();
  throw error;
}

export default async function AutomationRunPage({ params }: Props) {
  const { ctx } = await requireDashboard();
  const { id, runId } = await params;
  const [automation, run] = await Promise.all([
    getAutomation(ctx, id).catch(orNotFound),
    getRun(ctx, id, runId).catch(orNotFound),
  ]);
  const [contact, templateNames] = await Promise.all([
    // The contact may have been deleted since (the run keeps no id then, or a stale one).
    run.contact_id
      ? getContact(ctx, run.contact_id).catch((error: unknown) =>
          error instanceof NotFoundError ? null : Promise.reject(error),
        )
      : null,
    templateNamesOfSteps(ctx, automation.steps),
  ]);
  const labels = stepLabels(automation.steps, templateNames);
  const now = ctx.clock.now();

  return (
    <>
      <PageHeader
        eyebrow={<BackLink href={`/automations/${automation.id}/runs`}>Runs</BackLink>}
        title={<span className="break-all">{contact?.email ?? "Deleted contact"}</span>}
        description={
          <>
            In <span className="font-medium text-zinc-700">{automation.name}</span>, started{" "}
            {relativeTime(new Date(run.created_at), now)}
          </>
        }
      />
      {run.status === "failed" && (
        <Notice tone="error" title="This run failed" className="mb-6">
          <span className="break-words">{run.error ?? "It stopped on an error."}</span>
        </Notice>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0">
          <RunFacts run={run} contactEmail={contact?.email ?? null} labels={labels} now={now} />
        </div>
        <Card className="min-w-0 self-start lg:col-span-2">
          <CardHeader title="Steps" description="What happened in this run, oldest first." />
          {run.steps.length === 0 && run.status === "active" ? (
            <p className="px-5 py-8 text-center text-[13px] text-zinc-500">
              The run just started: its first step runs within a few seconds.
            </p>
          ) : (
            <RunTimeline steps={run.steps} labels={labels} run={run} now={now} />
          )}
        </Card>
      </div>
    </>
  );
}

import { ArrowDown, Clock, Mail, Split, UserPlus, Workflow } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { AutomationsTable } from "@/components/automations/automations-table";
import { NewAutomationButton } from "@/components/automations/new-automation-dialog";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { automationsActivity } from "@/lib/automations/activity";
import { automationsHealth } from "@/lib/automations/health";
import { listAutomations } from "@/lib/automations/list";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";

export const metadata: Metadata = { title: "Automations" };

const PAGE_SIZE = 25;
export default async function AutomationsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);

  let page;
  try {
    page = await listAutomations(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const empty = !cursor && page?.data.length === 0;
  const ids = (page?.data ?? []).map((a) => a.id);
  const [health, activity] = await Promise.all([
    automationsHealth(ctx.db, ctx.projectId, ids),
    automationsActivity(ctx.db, ctx.projectId, ids),
  ]);

  return (
    <>
      <PageHeader
        title="Automations"
        description="Emails that send themselves: a welcome series when someone subscribes, a follow-up after an event your app records, different paths for different people."
        actions={empty ? undefined : <NewAutomationButton />}
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref="/automations" />
        ) : empty ? (
          <EmptyState
            icon={Workflow}
            title="No automations yet"
            description="Draw a flow once and every new contact goes through it: send a welcome email, wait a few days, check what they did, follow up."
          >
            <ExampleFlow />
            <div className="mt-6 flex justify-center">
              <NewAutomationButton label="Create your first automation" />
            </div>
          </EmptyState>
        ) : (
          <>
            <AutomationsTable
              automations={page.data}
              health={health}
              activity={activity}
              now={ctx.clock.now()}
            />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref="/automations"
              nextHref={(next) => `/automations?cursor=${encodeURIComponent(next)}`}
              labels="first-next"
            />
          </>
        )}
      </Card>
    </>
  );
}

/** A small picture of what an automation is, for the empty state. */
function ExampleFlow() {
  const steps = [
    { icon: UserPlus, text: "A contact subscribes", tint: "bg-zinc-900 text-white" },
    { icon: Mail, text: "Send “Welcome”", tint: "bg-indigo-50 text-indigo-600" },
    { icon: Clock, text: "Wait 2 days", tint: "bg-amber-50 text-amber-700" },
    { icon: Split, text: "If data.plan equals pro", tint: "bg-violet-50 text-violet-700" },
  ];
  return (
    <ol aria-label="Example: a welcome series" className="mx-auto grid max-w-xs gap-1 text-left">
      {steps.map((step, index) => (
        <li key={step.text} className="grid justify-items-center gap-1">
          <span className="flex w-full items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-[13px] font-medium text-zinc-700 shadow-xs ring-1 ring-zinc-200/80">
            <span className={`grid size-6 shrink-0 place-items-center rounded-md ${step.tint}`}>
              <step.icon aria-hidden className="size-3.5" />
            </span>
            {step.text}
          </span>
          {index < steps.length - 1 && <ArrowDown aria-hidden className="size-3.5 text-zinc-300" />}
        </li>
      ))}
    </ol>
  );
}

import {
  Activity,
  BadgeCheck,
  Mail,
  UserMinus,
  UserPlus,
  UserRound,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { StoryItem } from "@/lib/contacts/timeline";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { stepLabels } from "../../automations/runs/step-labels";
import { describeStepRun } from "../../automations/runs/step-outcome";
import { RunStatusBadge } from "../../automations/runs/run-status-badge";
import { EmailStatusBadge, TestBadge } from "../../emails/email-status-badge";
import { cn } from "../../ui/cn";
import { EmailActivityList } from "./email-activity";

const link = "font-medium text-indigo-600 hover:text-indigo-500";

/** One moment of a contact's story: an icon on the rail, what happened, when, and the details. */
export function StoryItemView({ item, now }: { item: StoryItem; now: Date }) {
  switch (item.kind) {
    case "email": {
      const { email } = item;
      return (
        <Moment icon={Mail} tint="bg-sky-50 text-sky-600" at={item.at} now={now}>
          <Title>
            <Link
              href={`/emails/${item.id}`}
              className="break-words text-zinc-900 hover:text-indigo-600"
            >
              {email.subject}
            </Link>
            <EmailStatusBadge status={email.status} />
            {email.mode === "test" && <TestBadge />}
          </Title>
          <Meta>
            {email.campaign ? (
              <>
                Campaign{" "}
                <Link href={`/campaigns/${email.campaign.id}`} className={link}>
                  {email.campaign.name}
                </Link>
              </>
            ) : email.automation ? (
              <>
                Automation{" "}
                <Link
                  href={`/automations/${email.automation.id}/runs/${email.automation.runId}`}
                  className={link}
                >
                  {email.automation.name}
                </Link>
              </>
            ) : (
              "Transactional email"
            )}
          </Meta>
          <EmailActivityList
            activity={email.activity}
            opens={email.opens}
            clicks={email.clicks}
            now={now}
          />
        </Moment>
      );
    }
    case "run": {
      const { run } = item;
      const labels = stepLabels(run.automationSteps, new Map(Object.entries(run.templateNames)));
      const status = run.status;
      return (
        <Moment icon={Workflow} tint="bg-violet-50 text-violet-600" at={item.at} now={now}>
          <Title>
            <span>
              Entered{" "}
              <Link href={`/automations/${run.automationId}/runs/${item.id}`} className={link}>
                {run.automationName}
              </Link>
            </span>
            <RunStatusBadge status={status} />
          </Title>
          {run.steps.length > 0 && (
            <ol aria-label={`Steps of ${run.automationName}`} className="mt-1.5 grid gap-1">
              {run.steps.map((step) => {
                const label = labels.get(step.step_id);
                const outcome = describeStepRun(step, { status, now });
                return (
                  <li key={step.id} className="flex gap-1.5 text-[13px] text-zinc-600">
                    <span className="w-4 shrink-0 text-right text-zinc-400 tabular-nums">
                      {label ? `${label.number}.` : "–"}
                    </span>
                    {/* One run of text, so a long summary wraps under itself, not under the number. */}
                    <span className="min-w-0 break-words">
                      <span className={cn(outcome.tone === "error" && "text-red-700")}>
                        {label?.summary ?? step.type}
                      </span>
                      <span className="text-zinc-400"> · </span>
                      <span className="text-zinc-500">{outcome.title}</span>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </Moment>
      );
    }
    case "event": {
      const keys = Object.keys(item.event.data);
      return (
        <Moment icon={Activity} tint="bg-indigo-50 text-indigo-600" at={item.at} now={now}>
          <Title>
            <span className="text-zinc-500">Event</span>
            <code className="font-mono text-[13px] text-zinc-900">{item.event.name}</code>
          </Title>
          {keys.length > 0 && (
            <pre className="mt-1.5 max-h-32 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-xs text-zinc-600 ring-1 ring-zinc-200/70">
              {JSON.stringify(item.event.data, null, 2)}
            </pre>
          )}
        </Moment>
      );
    }
    case "subscription":
      return <SubscriptionMoment item={item} now={now} />;
    case "created":
      return (
        <Moment icon={UserRound} tint="bg-zinc-100 text-zinc-600" at={item.at} now={now}>
          <Title>Added to contacts</Title>
          <Meta>
            Source <span className="font-mono text-xs">{item.source}</span>
          </Meta>
        </Moment>
      );
  }
}

function SubscriptionMoment({
  item,
  now,
}: {
  item: Extract<StoryItem, { kind: "subscription" }>;
  now: Date;
}) {
  const { change } = item;
  if (change.via === "double_opt_in") {
    return (
      <Moment icon={BadgeCheck} tint="bg-emerald-50 text-emerald-600" at={item.at} now={now}>
        <Title>Confirmed the subscription</Title>
        <Meta>Double opt-in: clicked the link in the confirmation email.</Meta>
      </Moment>
    );
  }
  if (change.subscribed) {
    return (
      <Moment icon={UserPlus} tint="bg-emerald-50 text-emerald-600" at={item.at} now={now}>
        <Title>Resubscribed</Title>
        <Meta>Changed through the API, the dashboard or an import.</Meta>
      </Moment>
    );
  }
  return (
    <Moment icon={UserMinus} tint="bg-red-50 text-red-600" at={item.at} now={now}>
      <Title>Unsubscribed</Title>
      <Meta>
        {change.email ? (
          <>
            With the link in{" "}
            <Link href={`/emails/${change.email.id}`} className={link}>
              {change.email.subject}
            </Link>
            {change.email.campaign && (
              <>
                {" "}
                (campaign{" "}
                <Link href={`/campaigns/${change.email.campaign.id}`} className={link}>
                  {change.email.campaign.name}
                </Link>
                )
              </>
            )}
          </>
        ) : change.via === "unsubscribe_link" ? (
          "With the unsubscribe link of an email."
        ) : (
          "Changed through the API, the dashboard, an import or an automation."
        )}
      </Meta>
    </Moment>
  );
}

function Moment({
  icon: Icon,
  tint,
  at,
  now,
  children,
}: {
  icon: LucideIcon;
  tint: string;
  at: string;
  now: Date;
  children: ReactNode;
}) {
  const date = new Date(at);
  return (
    <li className="relative flex gap-3 px-5 py-3">
      <span
        aria-hidden
        className={cn(
          "relative z-10 mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ring-4 ring-white",
          tint,
        )}
      >
        <Icon className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-0.5">
          <div className="min-w-0 flex-1">{children}</div>
          <time
            dateTime={at}
            title={formatDateTime(date)}
            className="shrink-0 pt-1 text-xs text-zinc-500"
          >
            {relativeTime(date, now)}
          </time>
        </div>
      </div>
    </li>
  );
}

function Title({ children }: { children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-0.5 text-[13px] font-medium text-zinc-900">
      {children}
    </p>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return <p className="mt-0.5 text-[13px] break-words text-zinc-500">{children}</p>;
}

import {
  AlertTriangle,
  Ban,
  CalendarClock,
  CheckCircle2,
  Clock,
  Eye,
  Flag,
  Hourglass,
  MousePointerClick,
  Send,
  Server,
  XCircle,
  type LucideIcon,
} from "lucide-react";
import type { serializeEmailEvent } from "@/lib/emails/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { cn } from "../ui/cn";

export type EmailEventResource = ReturnType<typeof serializeEmailEvent>;

const KINDS: Record<string, { label: string; icon: LucideIcon; className: string }> = {
  scheduled: { label: "Scheduled", icon: CalendarClock, className: "bg-indigo-50 text-indigo-600" },
  canceled: { label: "Canceled", icon: Ban, className: "bg-zinc-100 text-zinc-600" },
  queued: { label: "Queued", icon: Clock, className: "bg-zinc-100 text-zinc-600" },
  sent: { label: "Sent", icon: Send, className: "bg-indigo-50 text-indigo-600" },
  provider_accepted: {
    label: "Accepted by provider",
    icon: Server,
    className: "bg-indigo-50 text-indigo-600",
  },
  delivered: {
    label: "Delivered",
    icon: CheckCircle2,
    className: "bg-emerald-50 text-emerald-600",
  },
  deferred: { label: "Deferred", icon: Hourglass, className: "bg-amber-50 text-amber-600" },
  bounced: { label: "Bounced", icon: XCircle, className: "bg-red-50 text-red-600" },
  recipient_bounced: {
    label: "A copy bounced",
    icon: XCircle,
    className: "bg-red-50 text-red-600",
  },
  failed: { label: "Failed", icon: AlertTriangle, className: "bg-red-50 text-red-600" },
  complained: { label: "Marked as spam", icon: Flag, className: "bg-orange-50 text-orange-600" },
  opened: { label: "Opened", icon: Eye, className: "bg-sky-50 text-sky-600" },
  clicked: { label: "Clicked", icon: MousePointerClick, className: "bg-violet-50 text-violet-600" },
};

const REASONS: Record<string, string> = {
  hard_bounce: "Hard bounce",
  soft_bounce: "Soft bounce",
  complaint: "Spam complaint",
  rejected: "Rejected",
  retries_exhausted: "Retries exhausted",
  delivery_delayed: "Delivery delayed",
  provider_failed: "Provider failure",
};

/** Where a report that came back after acceptance was read (DECISIONS §9). */
const SOURCES: Record<string, string> = {
  smtp: "bounce receiver",
  imap: "bounce mailbox",
  ses: "Amazon SES",
  postmark: "Postmark",
  mailgun: "Mailgun",
  sendgrid: "SendGrid",
  resend: "Resend",
};

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What happened to the email, oldest first, each step with the details the event recorded. */
export function EmailTimeline({ events, now }: { events: EmailEventResource[]; now: Date }) {
  return (
    <ol className="px-5 py-4">
      {events.map((event, index) => {
        const kind = KINDS[event.type] ?? {
          label: event.type,
          icon: Clock,
          className: "bg-zinc-100 text-zinc-600",
        };
        const Icon = kind.icon;
        const at = new Date(event.created_at);
        const last = index === events.length - 1;
        return (
          <li key={event.id} className="relative flex gap-3 pb-5 last:pb-0">
            {!last && (
              <span aria-hidden className="absolute top-8 bottom-0 left-[13px] w-px bg-zinc-200" />
            )}
            <span
              className={cn(
                "relative grid size-7 shrink-0 place-items-center rounded-full ring-4 ring-white",
                kind.className,
              )}
            >
              <Icon aria-hidden className="size-3.5" />
            </span>
            <div className="min-w-0 flex-1 pt-0.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="text-[13px] font-medium text-zinc-900">
                  {event.type === "deferred" && event.data.soft_bounce === true
                    ? "Delayed by the receiving server"
                    : kind.label}
                  {event.data.simulated === true && (
                    <span className="ml-1.5 text-xs font-normal text-amber-700">simulated</span>
                  )}
                </p>
                <time
                  dateTime={event.created_at}
                  title={formatDateTime(at)}
                  className="text-xs whitespace-nowrap text-zinc-500"
                >
                  {relativeTime(at, now)}
                </time>
              </div>
              <EventDetails data={event.data} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function EventDetails({ data }: { data: Record<string, unknown> }) {
  const reason = text(data.reason);
  const recipient = text(data.recipient);
  const url = text(data.url);
  const response =
    text(data.response) ?? text(data.diagnostic) ?? text(data.bounce_message) ?? text(data.error);
  const retryAt = text(data.retry_at);
  const attempt = typeof data.attempt === "number" ? data.attempt : undefined;
  const report = reportLine(data);
  if (!reason && !url && !response && !retryAt && !report) return null;
  const suppressed = reason === "hard_bounce" || reason === "complaint";
  return (
    <div className="mt-1 space-y-1.5 text-xs text-zinc-500">
      {report && <p>{report}</p>}
      {(reason || attempt !== undefined) && (
        <p>
          {reason && (REASONS[reason] ?? reason)}
          {recipient && ` · ${recipient}${suppressed ? " (suppressed)" : ""}`}
          {reason && attempt !== undefined && " · "}
          {attempt !== undefined && `attempt ${attempt}`}
          {retryAt && ` · retry ${formatDateTime(new Date(retryAt))}`}
        </p>
      )}
      {url && !/^https?:\/\//i.test(url) && (
        <p className="truncate font-mono text-[11.5px]" title={url}>
          {url}
        </p>
      )}
      {url && /^https?:\/\//i.test(url) && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="block truncate font-mono text-[11.5px] text-indigo-600 hover:underline"
          title={url}
        >
          {url}
        </a>
      )}
      {response && (
        <p className="rounded-md bg-zinc-50 px-2 py-1.5 font-mono text-[11.5px] break-words text-zinc-600 ring-1 ring-zinc-200/70">
          {response}
        </p>
      )}
    </div>
  );
}

/**
 * A report from the receiving side: its status code, who reported it and how it reached us,
 * e.g. "5.1.1 · reported by mx.example.net · for inbound.example.net · via bounce receiver".
 */
function reportLine(data: Record<string, unknown>): string | undefined {
  const parts = [
    text(data.status),
    text(data.feedback_type) && `feedback: ${text(data.feedback_type)}`,
    text(data.reporting_mta) && `reported by ${text(data.reporting_mta)}`,
    text(data.remote_mta) && `for ${text(data.remote_mta)}`,
    text(data.source) && `via ${SOURCES[text(data.source)!] ?? text(data.source)}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

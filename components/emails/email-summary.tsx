import { Eye, MousePointerClick, Paperclip } from "lucide-react";
import type { ReactNode } from "react";
import type { serializeEmailDetail } from "@/lib/emails/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Card } from "../ui/card";
import { CopyButton } from "../ui/copy-button";
import { EMAIL_TYPE_LABELS, EmailStatusBadge, TestBadge } from "./email-status-badge";

type EmailDetail = ReturnType<typeof serializeEmailDetail>;

/** The envelope and the facts about an email: addresses, status, ids and times. */
export function EmailSummary({ email, now }: { email: EmailDetail; now: Date }) {
  return (
    <Card>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 px-5 py-4 text-sm lg:grid-cols-4">
        <Item label="From" className="col-span-2">
          <span className="break-all">{email.from}</span>
        </Item>
        <Item label="To" className="col-span-2">
          <span className="break-all">{email.to}</span>
        </Item>
        {email.cc.length > 0 && (
          <Item label="Cc" className="col-span-2">
            <span className="break-all">{email.cc.join(", ")}</span>
          </Item>
        )}
        {email.bcc.length > 0 && (
          <Item label="Bcc" className="col-span-2">
            <span className="break-all">{email.bcc.join(", ")}</span>
          </Item>
        )}
        {email.reply_to.length > 0 && (
          <Item label="Reply to" className="col-span-2">
            <span className="break-all">{email.reply_to.join(", ")}</span>
          </Item>
        )}
        <Item label="Status">
          <span className="flex flex-wrap items-center gap-1.5">
            <EmailStatusBadge status={email.status} />
            {email.test && <TestBadge />}
          </span>
        </Item>
        <Item label="Type">{EMAIL_TYPE_LABELS[email.type]}</Item>
        <Item label="Created">
          <Time iso={email.created_at} now={now} />
        </Item>
        {email.scheduled_at && (
          <Item label="Scheduled for">
            <Time iso={email.scheduled_at} now={now} />
          </Item>
        )}
        <Item label="Sent">
          {email.sent_at ? (
            <Time iso={email.sent_at} now={now} />
          ) : (
            <span className="text-zinc-400">Not yet</span>
          )}
        </Item>
        <Item label="Message ID" className="col-span-2">
          {email.message_id ? (
            <Copyable value={email.message_id} label="Copy message ID" />
          ) : (
            <span className="text-zinc-400">Not assigned yet</span>
          )}
        </Item>
        <Item label="Email ID">
          <Copyable value={email.id} label="Copy email ID" />
        </Item>
        <Item label="Engagement">
          <span className="inline-flex items-center gap-3 tabular-nums">
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden className="size-3.5 text-zinc-400" />
              {email.opens} {email.opens === 1 ? "open" : "opens"}
            </span>
            <span className="inline-flex items-center gap-1">
              <MousePointerClick aria-hidden className="size-3.5 text-zinc-400" />
              {email.clicks} {email.clicks === 1 ? "click" : "clicks"}
            </span>
          </span>
        </Item>
        {email.tags.length > 0 && (
          <Item label="Tags" className="col-span-2 lg:col-span-4">
            <ul className="flex flex-wrap gap-1.5">
              {email.tags.map((tag) => (
                <li
                  key={`${tag.name}=${tag.value}`}
                  className="rounded-md bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700"
                >
                  {tag.name}: {tag.value}
                </li>
              ))}
            </ul>
          </Item>
        )}
        {email.attachments.length > 0 && (
          <Item label="Attachments" className="col-span-2 lg:col-span-4">
            <ul className="flex flex-wrap gap-2">
              {email.attachments.map((file, index) => (
                <li
                  key={`${file.filename}-${index}`}
                  className="inline-flex items-center gap-1.5 rounded-md bg-zinc-50 px-2 py-1 text-xs text-zinc-700 ring-1 ring-zinc-200"
                >
                  <Paperclip aria-hidden className="size-3.5 text-zinc-400" />
                  {file.filename}
                  {file.content_type && <span className="text-zinc-400">{file.content_type}</span>}
                </li>
              ))}
            </ul>
          </Item>
        )}
      </dl>
    </Card>
  );
}

function Item({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-1 text-zinc-800">{children}</dd>
    </div>
  );
}

function Time({ iso, now }: { iso: string; now: Date }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={relativeTime(at, now)}>
      {formatDateTime(at)}
    </time>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs text-zinc-700" title={value}>
        {value}
      </code>
      <CopyButton value={value} label={label} variant="ghost" className="size-6 shrink-0" />
    </span>
  );
}

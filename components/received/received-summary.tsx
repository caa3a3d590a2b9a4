import { CornerUpLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { ReceivedEmailResource } from "@/lib/received-emails/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Card } from "../ui/card";
import { CopyButton } from "../ui/copy-button";

/** The envelope of a received email, and the sent email it answers when it is a reply. */
export function ReceivedSummary({
  email,
  repliedTo,
  now,
}: {
  email: ReceivedEmailResource;
  /** The sent email its In-Reply-To names, when the project still has it. */
  repliedTo: { id: string; subject: string; to: string } | null;
  now: Date;
}) {
  const received = new Date(email.created_at);
  return (
    <Card>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 px-5 py-4 text-sm lg:grid-cols-4">
        <Item label="From" className="col-span-2">
          <span className="break-all">{email.from || "(unknown sender)"}</span>
        </Item>
        <Item label="To" className="col-span-2">
          <span className="break-all">{email.to.join(", ") || "—"}</span>
        </Item>
        {email.cc.length > 0 && (
          <Item label="Cc" className="col-span-2">
            <span className="break-all">{email.cc.join(", ")}</span>
          </Item>
        )}
        <Item label="Received">
          <time dateTime={email.created_at} title={relativeTime(received, now)}>
            {formatDateTime(received)}
          </time>
        </Item>
        <Item label="Received email ID">
          <Copyable value={email.id} label="Copy received email ID" />
        </Item>
        <Item label="Message ID" className="col-span-2">
          {email.message_id ? (
            <Copyable value={email.message_id} label="Copy message ID" />
          ) : (
            <span className="text-zinc-400">None</span>
          )}
        </Item>
        {repliedTo && (
          <Item label="In reply to" className="col-span-2 lg:col-span-4">
            <Link
              href={`/emails/${repliedTo.id}`}
              className="inline-flex max-w-full items-center gap-1.5 font-medium text-indigo-600 hover:text-indigo-700"
            >
              <CornerUpLeft aria-hidden className="size-4 shrink-0" />
              <span className="truncate">{repliedTo.subject}</span>
              <span className="hidden shrink-0 font-normal text-zinc-500 sm:inline">
                sent to {repliedTo.to}
              </span>
            </Link>
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

import { Eye, MousePointerClick } from "lucide-react";
import Link from "next/link";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import {
  EMAIL_TYPE_LABELS,
  EmailStatusBadge,
  TestBadge,
  type EmailResource,
} from "./email-status-badge";

export function EmailsTable({ emails, now }: { emails: EmailResource[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Recipient</TH>
          <TH className="hidden md:table-cell">Subject</TH>
          <TH>Status</TH>
          <TH className="hidden xl:table-cell">Type</TH>
          <TH className="hidden lg:table-cell">
            <span className="sr-only">Opens and clicks</span>
            <span aria-hidden>Engagement</span>
          </TH>
          <TH className="hidden text-right sm:table-cell">Created</TH>
        </tr>
      </THead>
      <TBody>
        {emails.map((email) => {
          const created = new Date(email.created_at);
          return (
            <TR key={email.id}>
              <TD className="max-w-52 py-2.5 sm:max-w-64">
                <div className="flex items-center gap-2">
                  <Link
                    href={`/emails/${email.id}`}
                    className="truncate font-medium text-zinc-900 hover:text-indigo-600"
                  >
                    {email.to}
                  </Link>
                  {email.test && (
                    <span className="hidden sm:inline-flex">
                      <TestBadge />
                    </span>
                  )}
                </div>
                {/* Narrow screens fold the subject (and the test marker) under the recipient. */}
                <span className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500 md:hidden">
                  {email.test && (
                    <span className="sm:hidden">
                      <TestBadge />
                    </span>
                  )}
                  <span className="truncate">{email.subject}</span>
                </span>
              </TD>
              <TD className="hidden max-w-80 truncate md:table-cell" title={email.subject}>
                {email.subject}
              </TD>
              <TD>
                <EmailStatusBadge status={email.status} />
                <time
                  dateTime={email.created_at}
                  className="mt-1 block text-xs whitespace-nowrap text-zinc-500 sm:hidden"
                >
                  {relativeTime(created, now)}
                </time>
              </TD>
              <TD className="hidden text-zinc-500 xl:table-cell">
                {EMAIL_TYPE_LABELS[email.type]}
              </TD>
              <TD className="hidden whitespace-nowrap lg:table-cell">
                <Engagement opens={email.opens} clicks={email.clicks} />
              </TD>
              <TD className="hidden text-right whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={email.created_at} title={formatDateTime(created)}>
                  {relativeTime(created, now)}
                </time>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

function Engagement({ opens, clicks }: { opens: number; clicks: number }) {
  const muted = (n: number) => (n === 0 ? "text-zinc-400" : "text-zinc-700");
  return (
    <span className="inline-flex items-center gap-3 text-[13px] tabular-nums">
      <span
        className={`inline-flex items-center gap-1 ${muted(opens)}`}
        title={`${opens} ${opens === 1 ? "open" : "opens"}`}
      >
        <Eye aria-hidden className="size-3.5" />
        {opens}
        <span className="sr-only">{opens === 1 ? " open" : " opens"}</span>
      </span>
      <span
        className={`inline-flex items-center gap-1 ${muted(clicks)}`}
        title={`${clicks} ${clicks === 1 ? "click" : "clicks"}`}
      >
        <MousePointerClick aria-hidden className="size-3.5" />
        {clicks}
        <span className="sr-only">{clicks === 1 ? " click" : " clicks"}</span>
      </span>
    </span>
  );
}

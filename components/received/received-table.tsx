import { CornerUpLeft, Paperclip } from "lucide-react";
import Link from "next/link";
import type { ReceivedEmailSummary } from "@/lib/received-emails/list";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { senderName } from "./sender";

/** The inbox: who wrote, about what (with the first words), and when. */
export function ReceivedTable({ emails, now }: { emails: ReceivedEmailSummary[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>From</TH>
          <TH className="hidden md:table-cell">Message</TH>
          <TH className="hidden lg:table-cell">To</TH>
          <TH className="text-right">Received</TH>
        </tr>
      </THead>
      <TBody>
        {emails.map((email) => {
          const received = email.createdAt;
          return (
            <TR key={email.id}>
              <TD className="max-w-44 py-3 sm:max-w-56">
                <Link
                  href={`/received/${email.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                  title={email.from}
                >
                  {senderName(email.from)}
                </Link>
                {/* Narrow screens fold the subject under the sender. */}
                <span className="block truncate text-xs text-zinc-500 md:hidden">
                  {email.subject || "(no subject)"}
                </span>
              </TD>
              <TD className="hidden max-w-0 md:table-cell md:w-full">
                <div className="flex min-w-0 items-center gap-2">
                  {email.inReplyToEmailId && (
                    <span
                      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/20 ring-inset"
                      title="A reply to an email this project sent"
                    >
                      <CornerUpLeft aria-hidden className="size-3" />
                      Reply
                    </span>
                  )}
                  <span className="min-w-0 truncate">
                    <span className="font-medium text-zinc-800">
                      {email.subject || "(no subject)"}
                    </span>
                    {email.snippet && <span className="text-zinc-500"> — {email.snippet}</span>}
                  </span>
                  {email.attachments > 0 && (
                    <span
                      className="ml-auto inline-flex shrink-0 items-center gap-0.5 text-xs text-zinc-500 tabular-nums"
                      title={`${email.attachments} ${email.attachments === 1 ? "attachment" : "attachments"}`}
                    >
                      <Paperclip aria-hidden className="size-3.5" />
                      {email.attachments}
                    </span>
                  )}
                </div>
              </TD>
              <TD className="hidden max-w-56 truncate text-zinc-500 lg:table-cell">
                {email.to.join(", ")}
              </TD>
              <TD className="text-right whitespace-nowrap text-zinc-500">
                <time dateTime={received.toISOString()} title={formatDateTime(received)}>
                  {relativeTime(received, now)}
                </time>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

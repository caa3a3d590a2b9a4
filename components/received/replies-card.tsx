import { CornerUpLeft } from "lucide-react";
import Link from "next/link";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Card, CardHeader } from "../ui/card";
import { senderName } from "./sender";

type Reply = { id: string; from: string; subject: string; createdAt: Date };

/** On a sent email's page: the received emails that answer it, newest first. */
export function RepliesCard({ replies, now }: { replies: Reply[]; now: Date }) {
  return (
    <Card>
      <CardHeader
        title="Replies"
        description={`${replies.length === 1 ? "One reply" : `${replies.length} replies`} received, newest first.`}
      />
      <ul className="divide-y divide-zinc-100">
        {replies.map((reply) => (
          <li key={reply.id}>
            <Link
              href={`/received/${reply.id}`}
              className="flex items-start gap-3 px-5 py-3 hover:bg-zinc-50"
            >
              <CornerUpLeft aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900">
                  {senderName(reply.from)}
                </span>
                <span className="block truncate text-xs text-zinc-500">
                  {reply.subject || "(no subject)"}
                </span>
              </span>
              <time
                dateTime={reply.createdAt.toISOString()}
                title={formatDateTime(reply.createdAt)}
                className="shrink-0 text-xs whitespace-nowrap text-zinc-500"
              >
                {relativeTime(reply.createdAt, now)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

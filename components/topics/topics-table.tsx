import type { TopicResource } from "@/lib/topics/serialize";
import { formatCount, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Badge } from "../ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { DEFAULT_LABELS, VISIBILITY_LABELS } from "./labels";
import { TopicRowActions } from "./topic-actions";

export function TopicsTable({
  topics,
  counts,
  now,
}: {
  topics: TopicResource[];
  /** Subscribed contacts opted in to each topic, by id, counted now. */
  counts: Map<string, number>;
  now: Date;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Topic</TH>
          <TH className="hidden md:table-cell">Default</TH>
          <TH className="hidden sm:table-cell">Visibility</TH>
          <TH className="text-right">Opted in</TH>
          <TH className="hidden text-right lg:table-cell">Created</TH>
          <TH className="w-12">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {topics.map((topic) => {
          const created = new Date(topic.created_at);
          return (
            <TR key={topic.id}>
              <TD className="max-w-56 py-2.5 sm:max-w-md">
                <span className="block truncate font-medium text-zinc-900" title={topic.name}>
                  {topic.name}
                </span>
                <span className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-zinc-500">
                  {/* Narrow screens fold the visibility under the name. */}
                  {topic.visibility === "private" && (
                    <Badge className="sm:hidden">{VISIBILITY_LABELS.private}</Badge>
                  )}
                  <span className="truncate" title={topic.description ?? undefined}>
                    {topic.description ?? <span className="text-zinc-400">No description</span>}
                  </span>
                </span>
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-600 md:table-cell">
                {DEFAULT_LABELS[topic.default_subscription]}
              </TD>
              <TD className="hidden sm:table-cell">
                <Badge tone={topic.visibility === "public" ? "green" : "neutral"}>
                  {VISIBILITY_LABELS[topic.visibility]}
                </Badge>
              </TD>
              <TD className="text-right text-zinc-700 tabular-nums">
                {formatCount(counts.get(topic.id) ?? 0)}
              </TD>
              <TD className="hidden text-right whitespace-nowrap text-zinc-500 lg:table-cell">
                <time dateTime={topic.created_at} title={formatDateTime(created)}>
                  {relativeTime(created, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <TopicRowActions topic={topic} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

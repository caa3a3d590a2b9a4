import Link from "next/link";
import { formatCount, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { SegmentResource } from "@/lib/segments/serialize";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { conditionsSummary } from "./segment-summary";

export function SegmentsTable({
  segments,
  counts,
  now,
}: {
  segments: SegmentResource[];
  /** Matching contacts per segment id, counted now. */
  counts: Map<string, number>;
  now: Date;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Segment</TH>
          <TH className="text-right">Contacts</TH>
          <TH className="hidden text-right sm:table-cell">Updated</TH>
        </tr>
      </THead>
      <TBody>
        {segments.map((segment) => {
          const updated = new Date(segment.updated_at);
          const count = counts.get(segment.id) ?? 0;
          const summary = conditionsSummary(segment.conditions);
          return (
            <TR key={segment.id}>
              <TD className="max-w-64 py-2.5 sm:max-w-xl">
                <Link
                  href={`/segments/${segment.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {segment.name}
                </Link>
                <span className="block truncate text-xs text-zinc-500" title={summary}>
                  {summary}
                </span>
              </TD>
              <TD className="text-right text-zinc-700 tabular-nums">{formatCount(count)}</TD>
              <TD className="hidden text-right whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={segment.updated_at} title={formatDateTime(updated)}>
                  {relativeTime(updated, now)}
                </time>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

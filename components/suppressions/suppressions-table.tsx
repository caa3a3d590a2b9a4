import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { SuppressionResource } from "@/lib/suppressions/serialize";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { ReasonBadge } from "./reason-badge";
import { RemoveSuppressionButton } from "./remove-suppression-button";

export function SuppressionsTable({
  suppressions,
  now,
}: {
  suppressions: SuppressionResource[];
  now: Date;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Email</TH>
          <TH className="hidden sm:table-cell">Reason</TH>
          <TH className="hidden sm:table-cell">Added</TH>
          <TH className="w-24">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {suppressions.map((suppression) => {
          const added = new Date(suppression.created_at);
          return (
            <TR key={suppression.email}>
              <TD className="max-w-56 py-2.5 sm:max-w-96">
                <span className="block truncate font-medium text-zinc-900">
                  {suppression.email}
                </span>
                <span className="mt-1 flex items-center gap-2 text-xs text-zinc-500 sm:hidden">
                  <ReasonBadge reason={suppression.reason} />
                  {relativeTime(added, now)}
                </span>
              </TD>
              <TD className="hidden sm:table-cell">
                <ReasonBadge reason={suppression.reason} />
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={suppression.created_at} title={formatDateTime(added)}>
                  {relativeTime(added, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <RemoveSuppressionButton
                  email={suppression.email}
                  bounced={
                    suppression.reason === "hard_bounce" || suppression.reason === "complaint"
                  }
                />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

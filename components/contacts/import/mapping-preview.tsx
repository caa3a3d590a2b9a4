import { previewRow, type ColumnChoice } from "@/lib/web/dashboard/import-mapping";
import { Badge } from "../../ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "../../ui/table";

const unset = <span className="text-zinc-400">—</span>;

/** How the first rows will land, read by the same code as the import itself. */
export function MappingPreview({
  columns,
  rows,
  choices,
}: {
  columns: string[];
  rows: string[][];
  choices: ColumnChoice[];
}) {
  const emailColumn = choices.findIndex((choice) => choice.target === "email");
  const results = rows.map((cells) => previewRow(columns, choices, cells));
  const unsetSubscribed = results.some((r) => r.ok && r.contact.subscribed === undefined);
  return (
    <>
      <Table>
        <THead>
          <tr>
            <TH className="w-12">Row</TH>
            <TH>Email</TH>
            <TH>Name</TH>
            <TH>Subscribed</TH>
            <TH>Custom fields</TH>
            <TH>Result</TH>
          </tr>
        </THead>
        <TBody>
          {rows.map((cells, i) => {
            const result = results[i]!;
            const contact = result.ok ? result.contact : null;
            const fields = Object.entries(contact?.data ?? {});
            return (
              <TR key={i}>
                <TD className="text-zinc-500 tabular-nums">{i + 1}</TD>
                <TD className="max-w-64 truncate font-medium text-zinc-900">
                  {contact?.email || cells[emailColumn]?.trim() || unset}
                </TD>
                <TD className="max-w-48 truncate">{contact?.name || unset}</TD>
                <TD>
                  {contact?.subscribed === undefined ? unset : contact.subscribed ? "Yes" : "No"}
                </TD>
                <TD className="max-w-80">
                  {fields.length === 0 ? (
                    unset
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {fields.map(([key, value]) => (
                        <code
                          key={key}
                          className="max-w-48 truncate rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700"
                        >
                          {key}: {String(value)}
                        </code>
                      ))}
                    </span>
                  )}
                </TD>
                <TD className="whitespace-nowrap">
                  {result.ok ? (
                    <Badge tone="green" dot>
                      Ready
                    </Badge>
                  ) : (
                    <span className="flex flex-col items-start gap-1">
                      <Badge tone="red" dot>
                        Skipped
                      </Badge>
                      <span className="text-[13px] whitespace-normal text-red-700">
                        {result.message}
                      </span>
                    </span>
                  )}
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
      {unsetSubscribed && (
        // Consent matters to marketers: say what an empty Subscribed cell does.
        <p className="border-t border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
          Subscribed “—”: new contacts are subscribed, existing contacts keep their current status.
        </p>
      )}
    </>
  );
}

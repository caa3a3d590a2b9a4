import type { DnsRecord } from "@/lib/domains/records";
import { CopyButton } from "../ui/copy-button";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { RecordStatusBadge } from "./domain-status-badge";

const PURPOSE: Record<DnsRecord["purpose"], { label: string; hint: string }> = {
  dkim: { label: "DKIM", hint: "Signs your mail so receivers can trust it came from you." },
  spf: { label: "SPF", hint: "Authorises the sending relay for your domain." },
  dmarc: { label: "DMARC", hint: "Tells receivers what to do with mail that fails checks." },
};

/** The host as most DNS providers want it: relative to the domain, `@` for the domain itself. */
function relativeHost(name: string, domainName: string): string {
  if (name === domainName) return "@";
  return name.endsWith(`.${domainName}`) ? name.slice(0, -domainName.length - 1) : name;
}

/** A table on wide screens, one block per record on narrow ones (the values are long). */
export function DnsRecordsTable({
  domainName,
  records,
}: {
  domainName: string;
  records: DnsRecord[];
}) {
  return (
    <>
      <div className="hidden md:block">
        <Table className="table-fixed">
          <THead>
            <tr>
              <TH className="w-24">Purpose</TH>
              <TH className="w-16">Type</TH>
              <TH className="w-64">Host</TH>
              <TH>Value</TH>
              <TH className="w-32">Status</TH>
            </tr>
          </THead>
          <TBody>
            {records.map((record) => (
              <TR key={record.purpose} className="align-top">
                <TD className="align-top">
                  <Purpose record={record} />
                </TD>
                <TD className="pt-4.5 align-top font-mono text-xs">{record.type}</TD>
                <TD className="align-top">
                  <CopyValue
                    value={record.name}
                    label={`Copy ${PURPOSE[record.purpose].label} host`}
                  />
                  <p className="mt-1 text-xs text-zinc-500">
                    or <code className="font-mono">{relativeHost(record.name, domainName)}</code>
                  </p>
                </TD>
                <TD className="align-top">
                  <CopyValue
                    value={record.value}
                    label={`Copy ${PURPOSE[record.purpose].label} value`}
                    clamp
                  />
                </TD>
                <TD className="align-top">
                  <RecordStatusBadge status={record.status} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="divide-y divide-zinc-100 md:hidden">
        {records.map((record) => (
          <li key={record.purpose} className="grid gap-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <Purpose record={record} />
              <RecordStatusBadge status={record.status} />
            </div>
            <Labelled label={`Host · ${record.type}`}>
              <CopyValue value={record.name} label={`Copy ${PURPOSE[record.purpose].label} host`} />
            </Labelled>
            <Labelled label="Value">
              <CopyValue
                value={record.value}
                label={`Copy ${PURPOSE[record.purpose].label} value`}
                clamp
              />
            </Labelled>
          </li>
        ))}
      </ul>
    </>
  );
}

function Purpose({ record }: { record: DnsRecord }) {
  const purpose = PURPOSE[record.purpose];
  return (
    <div title={purpose.hint}>
      <p className="text-[13px] font-medium text-zinc-900">{purpose.label}</p>
      <p className={record.required ? "text-xs text-indigo-600" : "text-xs text-zinc-500"}>
        {record.required ? "Required" : "Recommended"}
      </p>
    </div>
  );
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-zinc-500">{label}</p>
      {children}
    </div>
  );
}

function CopyValue({ value, label, clamp }: { value: string; label: string; clamp?: boolean }) {
  return (
    <div className="flex min-w-0 items-start gap-1.5 rounded-md bg-zinc-50 py-1 pr-1 pl-2 ring-1 ring-zinc-200/70">
      <code
        className={`min-w-0 flex-1 py-0.5 font-mono text-xs leading-5 break-all text-zinc-800 ${clamp ? "line-clamp-2" : ""}`}
        title={clamp ? value : undefined}
      >
        {value}
      </code>
      <CopyButton value={value} label={label} variant="ghost" className="size-6 shrink-0" />
    </div>
  );
}

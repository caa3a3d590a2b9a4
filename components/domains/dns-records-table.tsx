import type { DnsRecord } from "@/lib/domains/records";
import { CopyButton } from "../ui/copy-button";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { RecordStatusBadge } from "./domain-status-badge";
import { RECORD_PURPOSE, isReturnPathRecord, mxHost } from "./record-labels";

type Props = {
  records: DnsRecord[];
  /** BOUNCE_DOMAIN is set: every sending domain shares one return-path domain. */
  sharedReturnPath: boolean;
};

/**
 * A table on wide screens, one block per record on narrow ones (the values are long). The
 * return-path records come last, under a heading that says what they are for.
 */
export function DnsRecordsTable({ records, sharedReturnPath }: Props) {
  const own = records.filter((r) => !isReturnPathRecord(r));
  const returnPath = records.filter(isReturnPathRecord);
  const returnPathDomain = returnPath[0]?.name;
  const heading = returnPathDomain && (
    <ReturnPathHeading domain={returnPathDomain} shared={sharedReturnPath} />
  );
  return (
    <>
      <div className="hidden md:block">
        <Table className="table-fixed">
          <THead>
            <tr>
              <TH className="w-36">Purpose</TH>
              <TH className="w-16">Type</TH>
              <TH className="w-64">Host</TH>
              <TH>Value</TH>
              <TH className="w-32">Status</TH>
            </tr>
          </THead>
          <TBody>
            {own.map((record) => (
              <RecordRow key={record.purpose} record={record} />
            ))}
            {heading && (
              <tr>
                <td colSpan={5} className="bg-zinc-50/60 px-5 pt-4 pb-3">
                  {heading}
                </td>
              </tr>
            )}
            {returnPath.map((record) => (
              <RecordRow key={record.purpose} record={record} />
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="divide-y divide-zinc-100 md:hidden">
        {own.map((record) => (
          <RecordItem key={record.purpose} record={record} />
        ))}
        {heading && <li className="bg-zinc-50/60 px-4 pt-4 pb-3">{heading}</li>}
        {returnPath.map((record) => (
          <RecordItem key={record.purpose} record={record} />
        ))}
      </ul>
    </>
  );
}

function ReturnPathHeading({ domain, shared }: { domain: string; shared: boolean }) {
  return (
    <div className="max-w-3xl">
      <p className="text-[13px] font-medium text-zinc-900">
        Return path <code className="ml-1 font-mono text-xs font-normal break-all">{domain}</code>
      </p>
      <p className="mt-1 text-xs leading-5 text-zinc-600">
        Every message is sent with a return address at this domain: bounces and complaints come back
        to it. Point its MX at the host running Mailwright&apos;s bounce receiver (
        <code className="font-mono">INBOUND_SMTP_PORT</code>), or at a mailbox you read with{" "}
        <code className="font-mono">BOUNCE_MAILBOX_URL</code>.
        {shared &&
          " All your sending domains share this return-path domain: publish these two records once."}
      </p>
    </div>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  return (
    <TR className="align-top">
      <TD className="align-top">
        <Purpose record={record} />
      </TD>
      <TD className="pt-4.5 align-top font-mono text-xs">{record.type}</TD>
      <TD className="align-top">
        <RecordHost record={record} />
      </TD>
      <TD className="align-top">
        <RecordValue record={record} />
      </TD>
      <TD className="align-top">
        <RecordStatusBadge status={record.status} />
      </TD>
    </TR>
  );
}

function RecordItem({ record }: { record: DnsRecord }) {
  return (
    <li className="grid gap-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <Purpose record={record} />
        <RecordStatusBadge status={record.status} />
      </div>
      <Labelled label={`Host · ${record.type}`}>
        <RecordHost record={record} />
      </Labelled>
      <Labelled label={record.type === "MX" ? "Mail server" : "Value"}>
        <RecordValue record={record} />
      </Labelled>
    </li>
  );
}

/**
 * The host as most DNS providers ask for it (relative to the zone: `mailwright._domainkey.mail`
 * for mail.example.com in the zone example.com), with the full name for those that want it.
 */
function RecordHost({ record }: { record: DnsRecord }) {
  const label = RECORD_PURPOSE[record.purpose].label;
  return (
    <>
      <CopyValue value={record.host} label={`Copy ${label} host`} />
      {record.host !== record.name && (
        <p className="mt-1 text-xs break-all text-zinc-500">
          Full name <code className="font-mono text-zinc-700">{record.name}</code>
          <span className="block">
            in the zone <code className="font-mono">{record.zone}</code>
          </span>
        </p>
      )}
    </>
  );
}

/** TXT: the value. MX: the mail server to copy, and its priority (a field of its own at most DNS providers). */
function RecordValue({ record }: { record: DnsRecord }) {
  const label = RECORD_PURPOSE[record.purpose].label;
  if (record.type === "MX") {
    return (
      <>
        <CopyValue value={mxHost(record)} label={`Copy ${label} mail server`} />
        <p className="mt-1 text-xs text-zinc-500">
          Priority <code className="font-mono text-zinc-700">{record.priority}</code>
        </p>
      </>
    );
  }
  return <CopyValue value={record.value} label={`Copy ${label} value`} clamp />;
}

function Purpose({ record }: { record: DnsRecord }) {
  const purpose = RECORD_PURPOSE[record.purpose];
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

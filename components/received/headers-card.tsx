import { Card } from "../ui/card";

/** Every header as it came in, folded away: for whoever needs to trace a message. */
export function HeadersCard({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  return (
    <Card>
      <details className="group">
        <summary className="flex cursor-pointer items-center justify-between gap-3 px-5 py-4 text-sm font-semibold text-zinc-900 select-none">
          Headers
          <span className="text-[13px] font-normal text-zinc-500">
            {entries.length} {entries.length === 1 ? "header" : "headers"}
            <span className="ml-1 group-open:hidden">· Show</span>
            <span className="ml-1 hidden group-open:inline">· Hide</span>
          </span>
        </summary>
        <dl className="max-h-[480px] overflow-auto border-t border-zinc-100 px-5 py-3 font-mono text-xs">
          {entries.map(([name, value]) => (
            <div key={name} className="grid gap-1 py-1.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
              <dt className="font-medium break-all text-zinc-500">{name}</dt>
              <dd className="break-all whitespace-pre-wrap text-zinc-800">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Card>
  );
}

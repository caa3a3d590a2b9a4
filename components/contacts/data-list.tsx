/** Custom data as a key/value list: strings as text, everything else as formatted JSON. */
export function DataList({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) {
    return (
      <p className="px-5 py-5 text-[13px] text-zinc-500">
        No custom data yet. Send a <code className="font-mono text-[12px]">data</code> object with
        the API, or use Edit.
      </p>
    );
  }
  return (
    <dl className="divide-y divide-zinc-100 text-sm">
      {entries.map(([key, value]) => (
        <div
          key={key}
          className="grid gap-1 px-5 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
        >
          <dt className="truncate font-mono text-xs leading-5 text-zinc-500" title={key}>
            {key}
          </dt>
          <dd className="min-w-0 text-zinc-800">
            <Value value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value }: { value: unknown }) {
  if (typeof value === "string") return <span className="break-words">{value}</span>;
  if (typeof value === "boolean" || typeof value === "number" || value === null) {
    return <code className="font-mono text-xs text-indigo-700">{String(value)}</code>;
  }
  const compact = JSON.stringify(value);
  if (compact.length <= 40)
    return <code className="font-mono text-xs text-zinc-700">{compact}</code>;
  return (
    <pre className="overflow-x-auto rounded-md bg-zinc-50 p-2 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200/70">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

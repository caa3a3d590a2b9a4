/** Shown while Scalar's chunk loads: the sidebar and first operation's outline. */
export function ApiReferenceSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the API reference"
      className="mx-auto flex w-full max-w-6xl gap-8 px-4 py-8 sm:px-6"
    >
      <div className="hidden w-60 shrink-0 space-y-3 md:block">
        {Array.from({ length: 9 }, (_, i) => (
          <div key={i} className="h-3 animate-pulse rounded bg-zinc-200/70" />
        ))}
      </div>
      <div className="min-w-0 flex-1 space-y-4">
        <div className="h-7 w-64 animate-pulse rounded bg-zinc-200/70" />
        <div className="h-3 w-full max-w-xl animate-pulse rounded bg-zinc-200/70" />
        <div className="h-3 w-full max-w-lg animate-pulse rounded bg-zinc-200/70" />
        <div className="mt-8 h-48 animate-pulse rounded-xl bg-zinc-200/50" />
      </div>
    </div>
  );
}

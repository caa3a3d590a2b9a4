/**
 * Shown while a dashboard page loads: the page's outline, so the shell does not jump. Never in a
 * loading.tsx above a detail page (it would flush a 200 before the page can answer 404 for an
 * unknown id): list pages with detail pages keep theirs in a `(list)` route group.
 */
export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading" className="animate-pulse">
      <div className="mb-8 space-y-2">
        <div className="h-7 w-40 rounded-md bg-zinc-200/70" />
        <div className="h-4 w-72 max-w-full rounded-md bg-zinc-200/50" />
      </div>
      <div className="rounded-xl bg-white p-5 ring-1 ring-zinc-200/80">
        <div className="space-y-4">
          {[0, 1, 2, 3, 4].map((row) => (
            <div
              key={row}
              className="h-4 rounded bg-zinc-100"
              style={{ width: `${90 - row * 9}%` }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

import { cn } from "../ui/cn";

/** The Mailwright mark (an envelope on an indigo tile) and wordmark. */
export function Logo({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-7 shrink-0 drop-shadow-sm">
        {/* Solid fills only: a gradient id would clash between the sidebar and top-bar copies. */}
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M0 8a8 8 0 0 1 8-8h16a8 8 0 0 1 8 8v4H0Z" fill="#fff" fillOpacity=".08" />
        <path
          d="M8 11.5 16 17l8-5.5M8.5 10h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 7 20.5v-9A1.5 1.5 0 0 1 8.5 10Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && (
        <span className="text-[15px] font-semibold tracking-tight text-zinc-900">Mailwright</span>
      )}
    </span>
  );
}

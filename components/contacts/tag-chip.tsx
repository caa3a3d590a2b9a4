import { Tag as TagIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../ui/cn";

/** One contact tag as a chip; `children` holds an optional remove button. */
export function TagChip({
  tag,
  className,
  children,
}: {
  tag: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-md bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset",
        className,
      )}
    >
      <TagIcon aria-hidden className="size-3 shrink-0 opacity-70" />
      <span className="truncate">{tag}</span>
      {children}
    </span>
  );
}

/** A row of tags that folds after `max` into "+N". */
export function TagList({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return <span className="text-zinc-400">—</span>;
  const shown = tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    <span className="flex flex-wrap items-center gap-1" title={tags.join(", ")}>
      {shown.map((tag) => (
        <TagChip key={tag} tag={tag} className="max-w-32" />
      ))}
      {more > 0 && <span className="text-xs text-zinc-500">+{more}</span>}
    </span>
  );
}

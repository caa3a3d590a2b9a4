import Link from "next/link";
import { TEMPLATE_CATEGORIES } from "@/lib/templates/categories";
import { cn } from "../ui/cn";

export type TemplatesTab = "yours" | "gallery";
export type TemplatesView = { tab: TemplatesTab; category?: string; cursor?: string };

export function templatesHref({ tab, category, cursor }: TemplatesView) {
  const params = new URLSearchParams();
  if (tab === "gallery") params.set("tab", "gallery");
  if (category) params.set("category", category);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/templates?${query}` : "/templates";
}

/** "Your templates" / "Gallery" and the category filter; all in the URL (shareable, no JS). */
export function TemplatesNav({
  view,
  counts,
}: {
  view: TemplatesView;
  counts: { yours: number; gallery: number };
}) {
  const tabs = [
    { tab: "yours" as const, label: "Your templates", count: counts.yours },
    { tab: "gallery" as const, label: "Gallery", count: counts.gallery },
  ];
  return (
    <div className="mb-5 space-y-4">
      <nav aria-label="Template sections" className="flex gap-6 border-b border-zinc-200">
        {tabs.map(({ tab, label, count }) => {
          const active = view.tab === tab;
          return (
            <Link
              key={tab}
              href={templatesHref({ tab, category: view.category })}
              aria-current={active ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex items-center gap-2 border-b-2 pb-2.5 text-sm font-medium transition-colors",
                active
                  ? "border-zinc-900 text-zinc-900"
                  : "border-transparent text-zinc-500 hover:text-zinc-800",
              )}
            >
              {label}
              <span
                className={cn(
                  "rounded-full px-1.5 py-px text-xs tabular-nums",
                  active ? "bg-zinc-900 text-white" : "bg-zinc-200/70 text-zinc-600",
                )}
              >
                {count}
              </span>
            </Link>
          );
        })}
      </nav>
      <nav
        aria-label="Category filter"
        className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-0.5 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {[undefined, ...TEMPLATE_CATEGORIES].map((category) => {
          const active = view.category === category;
          return (
            <Link
              key={category ?? "all"}
              href={templatesHref({ tab: view.tab, category })}
              aria-current={active ? "page" : undefined}
              className={cn(
                "shrink-0 rounded-full px-3 py-1 text-[13px] font-medium whitespace-nowrap ring-1 transition-colors ring-inset",
                active
                  ? "bg-zinc-900 text-white ring-zinc-900"
                  : "bg-white text-zinc-600 ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900",
              )}
            >
              {category ?? "All categories"}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}

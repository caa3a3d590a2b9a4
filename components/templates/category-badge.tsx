import { Badge } from "../ui/badge";

// One hue per category, so a list of templates reads at a glance.
const HUES: Record<string, string> = {
  General: "bg-zinc-100 text-zinc-700 ring-zinc-500/15",
  Onboarding: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  Transactional: "bg-sky-50 text-sky-700 ring-sky-600/20",
  Newsletter: "bg-amber-50 text-amber-800 ring-amber-600/25",
  Promotional: "bg-rose-50 text-rose-700 ring-rose-600/20",
  Announcement: "bg-violet-50 text-violet-700 ring-violet-600/20",
  "Re-engagement": "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
};

export function CategoryBadge({ category }: { category: string }) {
  return <Badge className={HUES[category] ?? HUES.General}>{category}</Badge>;
}

import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import { Card } from "../ui/card";

export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  href,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  href?: string;
}) {
  const body = (
    <Card className="h-full p-4 transition-shadow hover:shadow-sm sm:p-5">
      <div className="flex items-center justify-between">
        <p className="text-[13px] font-medium text-zinc-500">{label}</p>
        <Icon aria-hidden className="size-4 text-zinc-400" />
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
    </Card>
  );
  return href ? (
    <Link
      href={href}
      className="rounded-xl focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {body}
    </Link>
  ) : (
    body
  );
}

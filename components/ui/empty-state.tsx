import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center px-6 py-14 text-center", className)}>
      <div className="mb-4 grid size-11 place-items-center rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        <Icon aria-hidden className="size-5 text-zinc-500" />
      </div>
      <h3 className="text-[15px] font-semibold text-zinc-900">{title}</h3>
      <p className="mt-1 max-w-md text-sm text-pretty text-zinc-500">{description}</p>
      {children && <div className="mt-5 w-full max-w-xl">{children}</div>}
    </div>
  );
}

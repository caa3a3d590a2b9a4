import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

const tones = {
  info: { box: "bg-indigo-50/70 text-indigo-900 ring-indigo-200", icon: Info },
  success: { box: "bg-emerald-50 text-emerald-900 ring-emerald-200", icon: CheckCircle2 },
  warning: { box: "bg-amber-50 text-amber-900 ring-amber-200", icon: AlertTriangle },
  error: { box: "bg-red-50 text-red-900 ring-red-200", icon: XCircle },
} as const;

/** An inline message box; errors are announced to screen readers. */
export function Notice({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex gap-2.5 rounded-lg px-3.5 py-3 text-[13px] ring-1 ring-inset",
        box,
        className,
      )}
    >
      <Icon aria-hidden className="mt-px size-4 shrink-0 opacity-80" />
      <div className="min-w-0 space-y-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="opacity-90">{children}</div>}
      </div>
    </div>
  );
}

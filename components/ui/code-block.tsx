import { cn } from "./cn";
import { CopyButton } from "./copy-button";

/** A dark code sample with a copy button (the copied text is exactly what is shown). */
export function CodeBlock({
  code,
  label,
  className,
}: {
  code: string;
  label?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "overflow-hidden rounded-xl bg-zinc-950 text-left ring-1 ring-zinc-900",
        className,
      )}
    >
      <div className="flex items-center justify-between border-b border-white/10 py-1.5 pr-1.5 pl-4">
        <span className="font-mono text-xs text-zinc-400">{label ?? "Terminal"}</span>
        <CopyButton
          value={code}
          label="Copy code"
          variant="ghost"
          className="text-zinc-400 hover:bg-white/10 hover:text-white"
        />
      </div>
      <pre className="overflow-x-auto p-4 font-mono text-[12.5px] leading-relaxed text-zinc-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}

"use client";

import type { LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { cn } from "./cn";

export type SegmentedOption<T extends string> = {
  value: T;
  label: string;
  icon?: LucideIcon;
  disabled?: boolean;
  /** Tooltip, e.g. why an option is disabled. */
  title?: string;
};

/**
 * A compact single choice (view modes, alignment): a radio group drawn as joined buttons.
 * Arrow keys move the choice, as in a native radio group.
 */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  label,
  iconOnly,
  size = "md",
  className,
  id,
}: {
  value: T | undefined;
  onValueChange: (value: T) => void;
  options: readonly SegmentedOption<T>[];
  /** Accessible name of the group. */
  label: string;
  iconOnly?: boolean;
  size?: "sm" | "md";
  className?: string;
  id?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = options.filter((o) => !o.disabled);

  function onKeyDown(event: KeyboardEvent) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step || enabled.length === 0) return;
    event.preventDefault();
    const at = enabled.findIndex((o) => o.value === value);
    const next = enabled[(at + step + enabled.length) % enabled.length]!;
    onValueChange(next.value);
    refs.current[options.indexOf(next)]?.focus();
  }

  return (
    <div
      id={id}
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("inline-flex gap-0.5 rounded-lg bg-zinc-100 p-0.5", className)}
    >
      {options.map((option, i) => {
        const checked = option.value === value;
        const Icon = option.icon;
        const focusable = checked || (value === undefined && option === enabled[0]);
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={iconOnly ? option.label : undefined}
            title={option.title ?? (iconOnly ? option.label : undefined)}
            disabled={option.disabled}
            tabIndex={focusable ? 0 : -1}
            onClick={() => onValueChange(option.value)}
            className={cn(
              "inline-flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors",
              "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500",
              "disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4 [&_svg]:shrink-0",
              size === "sm" ? "h-7 px-2 text-xs" : "h-8 px-3 text-[13px]",
              iconOnly && (size === "sm" ? "w-8 px-0" : "w-9 px-0"),
              checked
                ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200/60"
                : "text-zinc-500 hover:text-zinc-800",
            )}
          >
            {Icon && <Icon aria-hidden />}
            {!iconOnly && option.label}
          </button>
        );
      })}
    </div>
  );
}

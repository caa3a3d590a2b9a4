"use client";

import { X } from "lucide-react";
import { cn } from "./cn";

/** #abc → #aabbcc, for the native color picker (it only takes six digits). */
function sixDigits(hex: string): string | null {
  if (/^#[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(hex))
    return `#${[...hex.slice(1)].map((c) => c + c).join("")}`.toLowerCase();
  return null;
}

/**
 * A hex color: a swatch that opens the native picker, and the hex text beside it. Empty means
 * "use the default", shown as the placeholder swatch; `onChange(undefined)` clears.
 */
export function ColorInput({
  id,
  value,
  onChange,
  defaultColor,
  invalid,
  describedBy,
  clearable = true,
  className,
}: {
  id: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The color used when empty (shown as swatch and placeholder). */
  defaultColor: string;
  invalid?: boolean;
  describedBy?: string;
  clearable?: boolean;
  className?: string;
}) {
  const swatch = sixDigits(value ?? "") ?? sixDigits(defaultColor) ?? "#000000";

  return (
    <div
      className={cn(
        "flex h-9 min-w-0 items-center gap-2 rounded-lg bg-white pr-1 pl-1.5 shadow-xs ring-1 ring-zinc-200 ring-inset focus-within:ring-2 focus-within:ring-indigo-500",
        invalid && "ring-red-400 focus-within:ring-red-500",
        className,
      )}
    >
      <label className="relative size-6 shrink-0 cursor-pointer overflow-hidden rounded-md ring-1 ring-zinc-950/10 ring-inset">
        <span className="absolute inset-0" style={{ backgroundColor: swatch }} />
        <input
          type="color"
          value={swatch}
          onChange={(e) => onChange(e.target.value)}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          aria-label="Pick a color"
          tabIndex={-1}
        />
      </label>
      <input
        id={id}
        value={value ?? ""}
        spellCheck={false}
        autoComplete="off"
        placeholder={defaultColor}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const next = e.target.value.trim();
          onChange(next === "" ? undefined : next.startsWith("#") ? next : `#${next}`);
        }}
        className="h-full w-0 min-w-0 flex-1 bg-transparent font-mono text-[13px] text-zinc-900 outline-none placeholder:font-sans placeholder:text-zinc-400"
      />
      {clearable && value !== undefined && (
        <button
          type="button"
          onClick={() => onChange(undefined)}
          aria-label="Use the default color"
          title="Use the default color"
          className="grid size-6 shrink-0 cursor-pointer place-items-center rounded text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
}

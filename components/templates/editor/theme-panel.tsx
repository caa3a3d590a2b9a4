"use client";

import { RotateCcw } from "lucide-react";
import type { Theme } from "@/lib/templates/blocks";
import { DEFAULT_THEME } from "@/lib/templates/theme";
import { Button } from "../../ui/button";
import { ColorField } from "./field-kit";

const FIELDS = [
  { key: "brandColor", label: "Brand", hint: "Buttons and links.", fallback: DEFAULT_THEME.brand },
  {
    key: "backgroundColor",
    label: "Background",
    hint: "Around the email.",
    fallback: DEFAULT_THEME.background,
  },
  { key: "cardColor", label: "Card", hint: "Behind the content.", fallback: DEFAULT_THEME.card },
  {
    key: "textColor",
    label: "Text",
    hint: "Headings and body text.",
    fallback: DEFAULT_THEME.text,
  },
] as const;

/** The template's colors; blocks without their own color use these. */
export function ThemePanel({
  theme,
  onChange,
  errors,
  onTouch,
}: {
  theme: Theme;
  onChange: (theme: Theme) => void;
  errors: Record<string, string>;
  onTouch: (field: string) => void;
}) {
  const customized = FIELDS.some(({ key }) => theme[key] !== undefined);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-zinc-900">Theme</h3>
          <p className="text-xs text-zinc-500">Colors every block uses unless it sets its own.</p>
        </div>
        {customized && (
          <Button variant="ghost" size="sm" onClick={() => onChange({})}>
            <RotateCcw aria-hidden />
            Reset
          </Button>
        )}
      </div>
      <div
        aria-hidden
        className="flex h-14 items-center justify-center rounded-lg ring-1 ring-zinc-200"
        style={{ backgroundColor: theme.backgroundColor ?? DEFAULT_THEME.background }}
      >
        <div
          className="flex h-9 w-3/4 items-center justify-between rounded-md px-3 text-xs font-semibold"
          style={{
            backgroundColor: theme.cardColor ?? DEFAULT_THEME.card,
            color: theme.textColor ?? DEFAULT_THEME.text,
          }}
        >
          Aa
          <span
            className="rounded px-2 py-0.5 text-[10px] text-white"
            style={{ backgroundColor: theme.brandColor ?? DEFAULT_THEME.brand }}
          >
            Button
          </span>
        </div>
      </div>
      {FIELDS.map(({ key, label, hint, fallback }) => (
        <ColorField
          key={key}
          id={`theme-${key}`}
          label={label}
          hint={hint}
          value={theme[key]}
          defaultColor={fallback}
          onChange={(value) => onChange({ ...theme, [key]: value })}
          onBlur={() => onTouch(key)}
          error={errors[key]}
        />
      ))}
    </div>
  );
}

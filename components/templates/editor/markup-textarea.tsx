"use client";

import { Bold, Braces, Link2 } from "lucide-react";
import { useRef } from "react";
import { describedBy, Field } from "../../ui/field";
import { Textarea } from "../../ui/input";
import { cn } from "../../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";

/**
 * The text of a text or heading block, with buttons for the inline markup the renderer knows
 * (`**bold**`, `[label](url)`) and for inserting a variable at the cursor.
 */
export function MarkupTextarea({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  rows = 5,
  markup = true,
  variables,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  rows?: number;
  /** Headings are plain text: no bold or link buttons. */
  markup?: boolean;
  /** Variables already used in the template, offered first. */
  variables: string[];
  maxLength?: number;
}) {
  const area = useRef<HTMLTextAreaElement>(null);

  /** Replaces the selection with before + selection (or placeholder) + after, then selects it. */
  function wrap(before: string, after: string, placeholder: string) {
    const el = area.current;
    if (!el) return;
    const start = el.selectionStart;
    const end = el.selectionEnd;
    const inner = value.slice(start, end) || placeholder;
    onChange(value.slice(0, start) + before + inner + after + value.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  }

  const suggestions = [...new Set([...variables, "name", "email"])].slice(0, 8);
  const hint = markup
    ? "**bold**, [link text](https://…) and line breaks are kept."
    : "Plain text; variables work here too.";

  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div
        className={cn(
          "overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-zinc-200 ring-inset focus-within:ring-2 focus-within:ring-indigo-500",
          error && "ring-red-400 focus-within:ring-red-500",
        )}
      >
        <div className="flex items-center gap-0.5 border-b border-zinc-100 px-1 py-1">
          {markup && (
            <>
              <ToolButton label="Bold" onClick={() => wrap("**", "**", "bold text")}>
                <Bold aria-hidden />
              </ToolButton>
              <ToolButton label="Link" onClick={() => wrap("[", "](https://)", "link text")}>
                <Link2 aria-hidden />
              </ToolButton>
            </>
          )}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                className="inline-flex h-7 cursor-pointer items-center gap-1.5 rounded px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
              >
                <Braces aria-hidden className="size-3.5" />
                Insert variable
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="min-w-56">
              <DropdownMenuLabel>Insert at the cursor</DropdownMenuLabel>
              {suggestions.map((name) => (
                <DropdownMenuItem
                  key={name}
                  onSelect={() => wrap(`{{ ${name} }}`, "", "")}
                  className="font-mono text-[13px]"
                >
                  {`{{ ${name} }}`}
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem
                onSelect={() => wrap('{{ name | "', '" }}', "there")}
                className="font-mono text-[13px]"
              >
                {'{{ name | "there" }}'}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() => wrap("{{ data.", " }}", "field")}
                className="font-mono text-[13px]"
              >
                {"{{ data.field }}"}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <Textarea
          ref={area}
          id={id}
          rows={rows}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          spellCheck
          className="min-h-0 resize-y rounded-none text-[13.5px] leading-relaxed shadow-none ring-0 focus:ring-0 aria-invalid:ring-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, true)}
        />
      </div>
    </Field>
  );
}

function ToolButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="grid size-7 cursor-pointer place-items-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 [&_svg]:size-3.5"
    >
      {children}
    </button>
  );
}

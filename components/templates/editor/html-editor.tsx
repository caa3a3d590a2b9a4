"use client";

import type { KeyboardEvent } from "react";
import { Textarea } from "../../ui/input";

/** The source of an `html` template: a plain code area (Tab indents instead of leaving). */
export function HtmlEditor({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Tab" || event.shiftKey || event.altKey || event.metaKey || event.ctrlKey)
      return;
    event.preventDefault();
    const el = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = el;
    onChange(value.slice(0, start) + "  " + value.slice(end));
    requestAnimationFrame(() => el.setSelectionRange(start + 2, start + 2));
  }

  const lines = value.split("\n").length;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <label htmlFor="template-html" className="sr-only">
        HTML source
      </label>
      <Textarea
        id="template-html"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        placeholder="<!doctype html>…"
        className="min-h-0 flex-1 resize-none rounded-none bg-zinc-950 px-4 py-3 font-mono text-[12.5px] leading-relaxed text-zinc-100 shadow-none ring-0 placeholder:text-zinc-500 focus:ring-0"
      />
      <p className="border-t border-zinc-800 bg-zinc-950 px-4 py-1.5 font-mono text-[11px] text-zinc-500">
        {lines} {lines === 1 ? "line" : "lines"} · {value.length.toLocaleString("en")} characters ·
        Tab indents
      </p>
    </div>
  );
}

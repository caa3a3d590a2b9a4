"use client";

import dynamic from "next/dynamic";

// CodeMirror is loaded only here, on the client, when an HTML template is opened.
const CodeEditor = dynamic(() => import("./code-editor").then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => (
    <div
      role="status"
      className="flex min-h-0 flex-1 items-start bg-zinc-950 px-4 py-3 font-mono text-[12.5px] text-zinc-500"
    >
      Loading the editor…
    </div>
  ),
});

/** The source of an `html` template, in a code editor (code-editor.tsx). */
export function HtmlEditor({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const lines = value.split("\n").length;
  return (
    <div className="flex h-full min-h-0 flex-col bg-zinc-950">
      <CodeEditor value={value} onChange={onChange} label="HTML source" />
      <p className="border-t border-zinc-800 bg-zinc-950 px-4 py-1.5 font-mono text-[11px] text-zinc-500">
        {lines} {lines === 1 ? "line" : "lines"} · {value.length.toLocaleString("en")} characters ·
        Tab indents, Esc then Tab leaves
      </p>
    </div>
  );
}

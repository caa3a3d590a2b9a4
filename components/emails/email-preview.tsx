"use client";

import { Code2, FileText } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";

/**
 * The stored bodies. The HTML is untrusted (it is whatever the API caller sent), so it renders
 * in an iframe with `sandbox=""`: no scripts, no forms, no popups, and a unique origin that
 * cannot read the dashboard's cookies or DOM.
 */
export function EmailPreview({ html, text }: { html: string | null; text: string | null }) {
  return (
    <Tabs defaultValue={html !== null ? "html" : "text"}>
      {/* The underlined tabs sit on the header's bottom border. */}
      <div className="flex items-end justify-between gap-3 border-b border-zinc-100 px-5">
        <h2 className="py-3 text-sm font-semibold text-zinc-900">Content</h2>
        <TabsList aria-label="Email body" className="border-b-0 px-0">
          <TabsTrigger
            value="html"
            disabled={html === null}
            className="disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Code2 aria-hidden />
            HTML
          </TabsTrigger>
          <TabsTrigger value="text">
            <FileText aria-hidden />
            Plain text
          </TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="html" className="bg-zinc-100/70 p-2 sm:p-4">
        {html !== null && (
          <iframe
            title="HTML preview"
            sandbox=""
            srcDoc={html}
            referrerPolicy="no-referrer"
            className="h-[520px] w-full rounded-lg bg-white shadow-xs ring-1 ring-zinc-200 lg:h-[600px]"
          />
        )}
      </TabsContent>
      <TabsContent value="text">
        {text ? (
          <pre className="max-h-[640px] overflow-auto px-5 py-4 font-mono text-[12.5px] leading-relaxed break-words whitespace-pre-wrap text-zinc-700">
            {text}
          </pre>
        ) : (
          <p className="px-5 py-8 text-center text-[13px] text-zinc-500">
            This email has no plain-text version.
          </p>
        )}
      </TabsContent>
    </Tabs>
  );
}

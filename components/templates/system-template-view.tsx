"use client";

import { ChevronLeft, Lock } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { TemplateVariable } from "@/lib/templates/variables";
import { Card, CardHeader } from "../ui/card";
import { CategoryBadge } from "./category-badge";
import { PreviewPane, type Device } from "./editor/preview-pane";
import { UseTemplateButton } from "./use-template-button";

/** A gallery template, read-only: its preview, what it is for, and "Use this template". */
export function SystemTemplateView({
  template,
  preview,
  variables,
}: {
  template: {
    id: string;
    name: string;
    category: string;
    subject: string;
    description: string | null;
  };
  preview: { html: string; subject: string };
  variables: TemplateVariable[];
}) {
  const [device, setDevice] = useState<Device>("desktop");
  return (
    <>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <Link
            href="/templates?tab=gallery"
            className="mb-2 inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Gallery
          </Link>
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">
              {template.name}
            </h1>
            <CategoryBadge category={template.category} />
          </div>
          {template.description && (
            <p className="mt-1 max-w-2xl text-sm text-zinc-500">{template.description}</p>
          )}
        </div>
        <UseTemplateButton templateId={template.id} name={template.name} />
      </header>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <PreviewPane
          className="h-[calc(100dvh-7rem)] min-h-[480px] lg:h-[calc(100dvh-3rem)]"
          html={preview.html}
          subject={preview.subject}
          from={null}
          device={device}
          onDeviceChange={setDevice}
        />
        <div className="grid min-w-0 gap-4">
          <Card>
            <div className="flex gap-2.5 px-4 py-3.5 text-[13px] text-zinc-600">
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <p>
                Gallery templates are read-only and shared by every project. “Use this template”
                makes your own copy to edit; you can also send this one as is with its id.
              </p>
            </div>
            <div className="border-t border-zinc-100 px-4 py-3">
              <p className="text-xs text-zinc-500">Template id</p>
              <code className="font-mono text-[13px] text-zinc-800">{template.id}</code>
            </div>
          </Card>
          <Card>
            <CardHeader
              title="Variables"
              description={
                <>
                  Pass them in <code className="font-mono text-xs">variables</code> when sending;
                  empty ones use the fallback.
                </>
              }
            />
            {variables.length === 0 ? (
              <p className="px-5 py-4 text-[13px] text-zinc-500">
                This template uses no variables.
              </p>
            ) : (
              <ul className="divide-y divide-zinc-100">
                {variables.map((v) => (
                  <li key={v.name} className="flex items-baseline justify-between gap-3 px-5 py-2">
                    <code className="min-w-0 font-mono text-[12.5px] break-all text-indigo-700">{`{{${v.name}}}`}</code>
                    {v.fallback !== undefined && (
                      <span className="min-w-0 shrink-0 truncate text-xs text-zinc-400">
                        “{v.fallback}”
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

"use client";

import { VARIABLE_SYNTAX, type Samples } from "@/lib/web/dashboard/templates-variables";
import { sampleValueFor } from "@/lib/templates/sample-values";
import type { TemplateVariable } from "@/lib/templates/variables";
import { CopyButton } from "../../ui/copy-button";
import { Input } from "../../ui/input";

/**
 * The variables the template uses, each with a sample value that feeds the preview (and the
 * test email); an empty one shows sample data (its placeholder), never a blank.
 */
export function VariablesPanel({
  variables,
  samples,
  onSamplesChange,
  publicUrl,
}: {
  variables: TemplateVariable[];
  samples: Samples;
  onSamplesChange: (samples: Samples) => void;
  /** Where the sample pictures are served (image placeholders show their URL). */
  publicUrl?: string;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 p-4">
      <section aria-labelledby="variables-used">
        <h3 id="variables-used" className="text-sm font-semibold text-zinc-900">
          Sample values
        </h3>
        <p className="mt-0.5 text-xs text-zinc-500">
          Filled into the preview and test emails; empty ones use sample data. Real sends use each
          recipient’s values.
        </p>
        {variables.length === 0 ? (
          <p className="mt-3 rounded-lg bg-zinc-50 px-3 py-3 text-[13px] text-zinc-500 ring-1 ring-zinc-200/70">
            This template uses no variables yet. Personalize it with one of the forms below, in any
            text, link or the subject.
          </p>
        ) : (
          <div className="mt-3 grid gap-3">
            {variables.map((variable) => {
              const id = `sample-${variable.name}`;
              return (
                <div key={variable.name} className="grid min-w-0 gap-1">
                  <label htmlFor={id} className="flex min-w-0 items-baseline justify-between gap-2">
                    <code className="font-mono text-[12.5px] font-medium text-indigo-700">
                      {`{{${variable.name}}}`}
                    </code>
                    {variable.fallback !== undefined && (
                      <span className="truncate text-[11.5px] text-zinc-400">
                        fallback “{variable.fallback}”
                      </span>
                    )}
                  </label>
                  <Input
                    id={id}
                    value={samples[variable.name] ?? ""}
                    placeholder={sampleValueFor(variable, publicUrl) || "Sample value"}
                    autoComplete="off"
                    onChange={(e) =>
                      onSamplesChange({ ...samples, [variable.name]: e.target.value })
                    }
                    className="h-8 text-[13px]"
                  />
                </div>
              );
            })}
          </div>
        )}
      </section>
      <section aria-labelledby="variables-syntax" className="border-t border-zinc-100 pt-4">
        <h3 id="variables-syntax" className="text-sm font-semibold text-zinc-900">
          Syntax
        </h3>
        <ul className="mt-2 grid gap-1.5">
          {VARIABLE_SYNTAX.map(({ code, meaning }) => (
            <li
              key={code}
              className="flex items-center justify-between gap-2 rounded-lg bg-zinc-50 py-1 pr-1 pl-2.5 ring-1 ring-zinc-200/70"
            >
              <span className="min-w-0">
                <code className="block truncate font-mono text-[12.5px] text-zinc-900">{code}</code>
                <span className="block text-[11.5px] text-zinc-500">{meaning}</span>
              </span>
              <CopyButton value={code} label={`Copy ${code}`} variant="ghost" className="size-7" />
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-zinc-500">
          Unknown variables render empty, or as their fallback. Values are HTML-escaped.
        </p>
      </section>
    </div>
  );
}

"use client";

import { Braces, Code2, Palette, SquareMousePointer } from "lucide-react";
import { forwardRef, type ReactNode } from "react";
import { cn } from "../../ui/cn";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";

export type Panel = "block" | "theme" | "variables";

function VariablesTab({ count }: { count: number }) {
  return (
    <TabsTrigger value="variables">
      <Braces aria-hidden />
      Variables
      {count > 0 && (
        <span className="rounded-full bg-zinc-100 px-1.5 text-[11px] text-zinc-600">{count}</span>
      )}
    </TabsTrigger>
  );
}

/** The side panel of the block editor: the selected block, the theme, the variables. */
export const BlockPanels = forwardRef<
  HTMLDivElement,
  {
    panel: Panel;
    onPanelChange: (panel: Panel) => void;
    block: ReactNode;
    theme: ReactNode;
    variables: ReactNode;
    variableCount: number;
  }
>(function BlockPanels({ panel, onPanelChange, block, theme, variables, variableCount }, ref) {
  return (
    <Tabs
      ref={ref}
      value={panel}
      onValueChange={(v) => onPanelChange(v as Panel)}
      className="min-w-0 scroll-mt-20 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-zinc-200/80"
    >
      <TabsList aria-label="Settings">
        <TabsTrigger value="block">
          <SquareMousePointer aria-hidden />
          Block
        </TabsTrigger>
        <TabsTrigger value="theme">
          <Palette aria-hidden />
          Theme
        </TabsTrigger>
        <VariablesTab count={variableCount} />
      </TabsList>
      <TabsContent value="block">{block}</TabsContent>
      <TabsContent value="theme">{theme}</TabsContent>
      <TabsContent value="variables">{variables}</TabsContent>
    </Tabs>
  );
});

/** The HTML editor's card: the code, and the variables beside it in a tab. */
export function HtmlPanels({
  code,
  variables,
  variableCount,
  className,
}: {
  code: ReactNode;
  variables: ReactNode;
  variableCount: number;
  className?: string;
}) {
  return (
    <Tabs
      defaultValue="html"
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-zinc-200/80",
        className,
      )}
    >
      <TabsList aria-label="HTML template">
        <TabsTrigger value="html">
          <Code2 aria-hidden />
          HTML
        </TabsTrigger>
        <VariablesTab count={variableCount} />
      </TabsList>
      <TabsContent value="html" className="min-h-0 flex-1 data-[state=inactive]:hidden">
        {code}
      </TabsContent>
      <TabsContent value="variables" className="min-h-0 flex-1 overflow-y-auto">
        {variables}
      </TabsContent>
    </Tabs>
  );
}

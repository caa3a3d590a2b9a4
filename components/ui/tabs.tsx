"use client";

import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const Tabs = TabsPrimitive.Root;

/** A row of underlined tabs, e.g. the panels of an editor sidebar. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn("flex gap-4 border-b border-zinc-100 px-4", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "-mb-px inline-flex cursor-pointer items-center gap-1.5 border-b-2 border-transparent py-2.5 text-[13px] font-medium text-zinc-500 transition-colors",
        "hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500",
        "data-[state=active]:border-zinc-900 data-[state=active]:text-zinc-900 [&_svg]:size-3.5",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("outline-none", className)} {...props} />;
}

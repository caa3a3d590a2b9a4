"use client";

import type { SelectHTMLAttributes } from "react";
import { cn } from "../ui/cn";

export const filterFieldClass =
  "h-8 w-full rounded-md bg-white px-2.5 text-[13px] text-zinc-900 shadow-xs ring-1 ring-zinc-200 outline-none ring-inset focus:ring-2 focus:ring-indigo-500";

/**
 * A native select in a GET filter form that applies itself when changed. Without JavaScript the
 * form's Apply button does the same, so the filters keep working.
 */
export function AutoSubmitSelect({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      {...props}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
      className={cn(filterFieldClass, "cursor-pointer pr-7", className)}
    />
  );
}

"use client";

import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronsUpDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const Select = SelectPrimitive.Root;

export function SelectTrigger({
  className,
  placeholder,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger> & { placeholder?: string }) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        "inline-flex h-9 w-full cursor-pointer items-center justify-between gap-2 rounded-lg bg-white px-3 text-sm text-zinc-900",
        "shadow-xs ring-1 ring-zinc-200 outline-none ring-inset focus:ring-2 focus:ring-indigo-500 data-[placeholder]:text-zinc-400",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.Value placeholder={placeholder} />
      <SelectPrimitive.Icon>
        <ChevronsUpDown aria-hidden className="size-3.5 text-zinc-400" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position="popper"
        sideOffset={6}
        className={cn(
          "z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl bg-white p-1 shadow-lg ring-1 ring-zinc-200",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport>{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2.5 text-sm text-zinc-700 outline-none select-none",
        "data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <SelectPrimitive.ItemIndicator className="absolute right-2.5">
        <Check aria-hidden className="size-4 text-indigo-600" />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  );
}

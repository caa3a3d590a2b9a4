"use client";

import * as AlertPrimitive from "@radix-ui/react-alert-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { overlayClass } from "./dialog";

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;
export const AlertDialogCancel = AlertPrimitive.Cancel;
export const AlertDialogAction = AlertPrimitive.Action;

/** A confirmation for destructive actions: a title, what will happen, and the buttons. */
export function AlertDialogContent({
  title,
  description,
  className,
  children,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content> & { title: ReactNode; description: ReactNode }) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={overlayClass} />
      <AlertPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "rounded-2xl bg-white shadow-2xl ring-1 ring-zinc-200 outline-none",
          "data-[state=open]:animate-[dialog-in_160ms_ease-out]",
          className,
        )}
        {...props}
      >
        <div className="px-6 pt-5 pb-5">
          <AlertPrimitive.Title className="text-base font-semibold text-zinc-900">
            {title}
          </AlertPrimitive.Title>
          <AlertPrimitive.Description className="mt-1.5 text-sm text-zinc-600">
            {description}
          </AlertPrimitive.Description>
        </div>
        {children}
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}

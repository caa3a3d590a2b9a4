"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { ArrowRight, CheckCircle2, X, XCircle } from "lucide-react";
import Link from "next/link";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { cn } from "./cn";

type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  tone: "success" | "error";
  /** An optional follow-up link ("View in Emails log"); such toasts stay up longer. */
  action?: { label: string; href: string };
};
type ShowToast = (
  toast: Omit<ToastMessage, "id" | "tone"> & { tone?: ToastMessage["tone"] },
) => void;

const ToastContext = createContext<ShowToast>(() => {});

/** Short confirmations after a mutation ("Contact saved"); errors stay inline next to fields. */
export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((list) => [...list.slice(-2), { id: nextId++, tone: "success", ...toast }]);
  }, []);
  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));

  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider duration={4000}>
        {children}
        {toasts.map((toast) => {
          const Icon = toast.tone === "error" ? XCircle : CheckCircle2;
          return (
            <ToastPrimitive.Root
              key={toast.id}
              duration={toast.action ? 10_000 : undefined}
              onOpenChange={(open) => !open && dismiss(toast.id)}
              className={cn(
                "flex items-start gap-3 rounded-xl bg-zinc-900 px-4 py-3 text-white shadow-xl ring-1 ring-white/10",
                "data-[state=open]:animate-[toast-in_180ms_ease-out] data-[swipe=end]:animate-[fade-out_120ms_ease-in]",
              )}
            >
              <Icon
                aria-hidden
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  toast.tone === "error" ? "text-red-400" : "text-emerald-400",
                )}
              />
              <div className="min-w-0 flex-1">
                <ToastPrimitive.Title className="text-sm font-medium">
                  {toast.title}
                </ToastPrimitive.Title>
                {toast.description && (
                  <ToastPrimitive.Description className="mt-0.5 text-[13px] text-zinc-300">
                    {toast.description}
                  </ToastPrimitive.Description>
                )}
                {toast.action && (
                  <ToastPrimitive.Action altText={toast.action.label} asChild>
                    <Link
                      href={toast.action.href}
                      className="mt-1.5 inline-flex items-center gap-1 text-[13px] font-medium text-indigo-300 hover:text-indigo-200"
                    >
                      {toast.action.label}
                      <ArrowRight aria-hidden className="size-3.5" />
                    </Link>
                  </ToastPrimitive.Action>
                )}
              </div>
              <ToastPrimitive.Close
                aria-label="Dismiss"
                className="cursor-pointer rounded p-0.5 text-zinc-400 hover:text-white"
              >
                <X aria-hidden className="size-3.5" />
              </ToastPrimitive.Close>
            </ToastPrimitive.Root>
          );
        })}
        <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

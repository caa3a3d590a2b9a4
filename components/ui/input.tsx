import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const fieldClass =
  "w-full rounded-lg bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-200 " +
  "placeholder:text-zinc-400 transition-shadow outline-none focus:ring-2 focus:ring-indigo-500 " +
  "disabled:bg-zinc-50 disabled:text-zinc-500 aria-invalid:ring-red-400 aria-invalid:focus:ring-red-500";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return <input ref={ref} className={cn(fieldClass, "h-9", className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(fieldClass, "min-h-24 py-2", className)} {...props} />;
});

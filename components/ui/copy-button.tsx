"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./button";

/** Copies `value` to the clipboard and confirms for a moment. */
export function CopyButton({
  value,
  label = "Copy",
  showLabel,
  ...props
}: Omit<ButtonProps, "onClick" | "value"> & {
  value: string;
  label?: string;
  showLabel?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1600);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard API needs a secure context; fall back to a hidden textarea.
      const area = document.createElement("textarea");
      area.value = value;
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
  }

  return (
    <Button
      variant="secondary"
      size={showLabel ? "sm" : "icon"}
      aria-label={copied ? "Copied" : label}
      onClick={copy}
      {...props}
    >
      {copied ? <Check aria-hidden className="text-emerald-600" /> : <Copy aria-hidden />}
      {showLabel && <span>{copied ? "Copied" : label}</span>}
    </Button>
  );
}

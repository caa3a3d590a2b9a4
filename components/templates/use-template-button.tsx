"use client";

import { Sparkles } from "lucide-react";
import { useTransition } from "react";
import { copyTemplateAction } from "@/lib/web/dashboard/actions/templates";
import { Button, type ButtonProps } from "../ui/button";
import { useToast } from "../ui/toast";

/** Copies a template (a gallery one, or a duplicate of an own one) and opens the copy's editor. */
export function UseTemplateButton({
  templateId,
  name,
  label = "Use this template",
  ...props
}: Omit<ButtonProps, "onClick"> & { templateId: string; name: string; label?: string }) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();

  function use() {
    startTransition(async () => {
      // On success the action redirects to the new template's editor.
      const result = await copyTemplateAction(templateId);
      if (result.status === "error") toast({ title: result.message, tone: "error" });
    });
  }

  return (
    <Button
      onClick={use}
      disabled={pending}
      aria-label={label === "Use this template" ? `Use the ${name} template` : undefined}
      {...props}
    >
      <Sparkles aria-hidden />
      {pending ? "Creating copy…" : label}
    </Button>
  );
}

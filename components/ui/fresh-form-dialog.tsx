"use client";

import type { LucideIcon } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogTrigger } from "./dialog";

/**
 * A dialog opened by a button whose content starts over at each opening (a fresh form, so a
 * secret shown once, or an old error, never shows again). `content` gets `onDone` to close it.
 */
export function FreshFormDialog({
  label,
  icon: Icon,
  content,
}: {
  label: string;
  icon: LucideIcon;
  content: (onDone: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [instance, setInstance] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setInstance((n) => n + 1);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Icon aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <Fragment key={instance}>{content(() => setOpen(false))}</Fragment>
    </Dialog>
  );
}

"use client";

import { Blocks, Code2, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useState, type FormEvent } from "react";
import { createTemplateAction } from "@/lib/web/dashboard/actions/templates";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { TEMPLATE_CATEGORIES } from "@/lib/templates/categories";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../ui/select";

const FORMATS = [
  {
    value: "blocks",
    label: "Blocks",
    hint: "Headings, text, buttons, images and columns. Responsive in every inbox.",
    icon: Blocks,
  },
  {
    value: "html",
    label: "HTML",
    hint: "Paste or write your own email HTML, with the same variables.",
    icon: Code2,
  },
] as const;

/** "New template": a name, a category and a format; then the editor opens. */
export function NewTemplateButton({
  label = "New template",
  variant = "primary",
}: {
  label?: string;
  variant?: "primary" | "secondary";
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      {open && <NewTemplateForm onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function NewTemplateForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    createTemplateAction,
    IDLE,
  );
  const [format, setFormat] = useState<"blocks" | "html">("blocks");
  const [category, setCategory] = useState<string>(TEMPLATE_CATEGORIES[0]);

  useEffect(() => {
    if (state.status === "success" && state.result) router.push(`/templates/${state.result.id}`);
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const busy = pending || state.status === "success";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("format", format);
    form.set("category", category);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="New template"
      description="Start from a blank canvas. For a head start, pick one from the gallery instead."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field id="template-name" label="Name" error={errors.name}>
            <Input
              id="template-name"
              name="name"
              autoComplete="off"
              placeholder="Order shipped"
              maxLength={200}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("template-name", errors.name)}
            />
          </Field>
          <Field id="template-category" label="Category" error={errors.category}>
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger id="template-category" />
              <SelectContent>
                {TEMPLATE_CATEGORIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Format</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {FORMATS.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    "relative flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-inset transition-colors",
                    format === option.value
                      ? "bg-indigo-50/60 ring-2 ring-indigo-500"
                      : "ring-zinc-200 hover:bg-zinc-50",
                  )}
                >
                  <input
                    type="radio"
                    name="format-choice"
                    value={option.value}
                    checked={format === option.value}
                    onChange={() => setFormat(option.value)}
                    className="sr-only"
                  />
                  <option.icon aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
                  <span>
                    <span className="block text-[13px] font-medium text-zinc-900">
                      {option.label}
                    </span>
                    <span className="mt-0.5 block text-[12.5px] leading-snug text-zinc-500">
                      {option.hint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : "Create template"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

"use client";

import { Plus, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { addContactTagAction, removeContactTagAction } from "@/lib/web/dashboard/actions/contacts";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Input } from "../ui/input";
import { useToast } from "../ui/toast";
import { TagChip } from "./tag-chip";

/** The contact's tags as chips: remove one with its ×, add one by name. */
export function ContactTags({ contactId, tags }: { contactId: string; tags: string[] }) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function run(action: () => ReturnType<typeof addContactTagAction>, after?: () => void) {
    startTransition(async () => {
      const result = await action();
      if (result.status === "error") {
        setError(result.fieldErrors.tag ? `Tag ${result.fieldErrors.tag}.` : result.message);
        return;
      }
      setError(null);
      after?.();
      if (result.status === "success" && result.message) toast({ title: result.message });
      router.refresh();
    });
  }

  function add(event: FormEvent) {
    event.preventDefault();
    if (draft.trim() === "") return setError("Type a tag first.");
    run(
      () => addContactTagAction(contactId, draft),
      () => setDraft(""),
    );
  }

  return (
    <Card>
      <CardHeader
        title="Tags"
        description="Set by you or by automations; segments can filter on them."
      />
      <div className="grid gap-3 px-5 py-4">
        {tags.length === 0 ? (
          <p className="text-[13px] text-zinc-500">No tags yet.</p>
        ) : (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag} className="max-w-full">
                <TagChip tag={tag} className="py-1 pr-1 text-[13px]">
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    disabled={pending}
                    onClick={() => run(() => removeContactTagAction(contactId, tag))}
                    className="ml-0.5 rounded p-0.5 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 disabled:opacity-50"
                  >
                    <X aria-hidden className="size-3" />
                  </button>
                </TagChip>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="flex gap-2">
          <Input
            aria-label="New tag"
            placeholder="Add a tag, like vip"
            value={draft}
            maxLength={100}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "contact-tag-error" : undefined}
            className="h-8 text-[13px]"
          />
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            <Plus aria-hidden />
            Add tag
          </Button>
        </form>
        {error && (
          <p id="contact-tag-error" role="alert" className="text-[13px] text-red-600">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}

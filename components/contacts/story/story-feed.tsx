"use client";

import { useState, useTransition } from "react";
import type { ContactStoryResource } from "@/lib/contacts/timeline";
import { loadContactStoryAction } from "@/lib/web/dashboard/actions/contacts";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { StoryItemView } from "./story-item";

/** The story's items, newest first; "Load more" appends the next keyset page. */
export function StoryFeed({
  contactId,
  first,
  now,
}: {
  contactId: string;
  first: ContactStoryResource;
  now: string;
}) {
  const [items, setItems] = useState(first.data);
  const [cursor, setCursor] = useState(first.next_cursor);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const at = new Date(now);

  function loadMore() {
    if (!cursor) return;
    startTransition(async () => {
      const result = await loadContactStoryAction(contactId, cursor);
      if (!result.ok) return setError(result.message);
      setError(null);
      setItems((current) => [...current, ...result.page.data]);
      setCursor(result.page.next_cursor);
    });
  }

  return (
    <>
      <ol aria-label="Activity" className="relative py-1">
        {/* The rail behind the icons. */}
        <span aria-hidden className="absolute top-5 bottom-5 left-[33px] w-px bg-zinc-200" />
        {items.map((item) => (
          <StoryItemView key={item.id} item={item} now={at} />
        ))}
      </ol>
      {error && (
        <div className="px-5 pb-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
      {cursor && (
        <div className="flex justify-center border-t border-zinc-100 px-5 py-3">
          <Button variant="secondary" size="sm" onClick={loadMore} disabled={pending}>
            {pending ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}

"use client";

import { useState, useTransition } from "react";
import type { ContactTopicResource } from "@/lib/topics/serialize";
import { setContactTopicAction } from "@/lib/web/dashboard/actions/topics";
import { Badge } from "../ui/badge";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";

/** One row per topic: its name, whether the contact chose or the default applies, a switch. */
export function ContactTopicSwitches({
  contactId,
  topics,
}: {
  contactId: string;
  topics: ContactTopicResource[];
}) {
  return (
    <ul aria-label="Topics" className="divide-y divide-zinc-100">
      {topics.map((topic) => (
        <TopicRow key={topic.id} contactId={contactId} topic={topic} />
      ))}
    </ul>
  );
}

function TopicRow({ contactId, topic }: { contactId: string; topic: ContactTopicResource }) {
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  // Shown at once; the server's answer (and the page's refresh) confirms or reverts it.
  const [on, setOn] = useState(topic.subscription === "opt_in");
  const id = `contact-topic-${topic.id}`;

  function change(checked: boolean) {
    setOn(checked);
    startTransition(async () => {
      const result = await setContactTopicAction(contactId, {
        id: topic.id,
        subscription: checked ? "opt_in" : "opt_out",
      });
      if (result.status === "error") {
        setOn(!checked);
        toast({ title: result.message, tone: "error" });
      }
    });
  }

  return (
    <li className="flex items-center justify-between gap-4 px-5 py-2.5">
      <div className="min-w-0">
        <label htmlFor={id} className="flex min-w-0 items-center gap-1.5 text-sm text-zinc-800">
          <span className="truncate" title={topic.name}>
            {topic.name}
          </span>
          {topic.visibility === "private" && <Badge className="shrink-0">Private</Badge>}
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {topic.explicit ? "Their choice" : "Default"}
        </p>
      </div>
      <Switch
        id={id}
        checked={on}
        disabled={pending}
        onCheckedChange={change}
        aria-describedby={`${id}-hint`}
      />
    </li>
  );
}

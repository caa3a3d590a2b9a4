import { UserPlus, Workflow, Zap } from "lucide-react";
import Link from "next/link";
import type { AutomationStatus, AutomationTrigger } from "@/db/schema";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Notice } from "../../ui/notice";

const code = "rounded bg-zinc-100 px-1 py-px font-mono text-[12.5px] text-zinc-700";

/** No contact ever entered: say how one does, and that a draft lets nobody in. */
export function NoRuns({
  automationId,
  trigger,
  status,
}: {
  automationId: string;
  trigger: AutomationTrigger;
  status: AutomationStatus;
}) {
  const byEvent = trigger.event === "event";
  return (
    <EmptyState
      icon={byEvent ? Zap : UserPlus}
      title="No runs yet"
      description={
        <>
          {byEvent ? (
            <>
              Contacts enter when the event <code className={code}>{trigger.name}</code> is recorded
              for them, with <code className={code}>POST /api/v1/events</code> and their email.
            </>
          ) : (
            <>
              Contacts enter when they subscribe: when a new contact is added as subscribed, through
              the API or the Contacts page.
            </>
          )}{" "}
          Each contact that enters gets a run here, showing where it is in the flow.
        </>
      }
    >
      {status === "draft" ? (
        <>
          <Notice tone="warning" className="mb-4 text-left">
            This automation is a draft: nobody enters until it goes live.
          </Notice>
          <Button asChild>
            <Link href={`/automations/${automationId}`}>
              <Workflow aria-hidden />
              Go live in the builder
            </Link>
          </Button>
        </>
      ) : (
        !byEvent && (
          <Button variant="secondary" asChild>
            <Link href="/contacts">
              <UserPlus aria-hidden />
              Add a contact
            </Link>
          </Button>
        )
      )}
    </EmptyState>
  );
}

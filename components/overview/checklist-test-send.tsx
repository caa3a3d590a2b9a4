"use client";

import { Send } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";
import { sendChecklistTestEmailAction } from "@/lib/web/dashboard/actions/first-send";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import type { TestSendResult } from "@/lib/sending/test-send";
import { Button } from "../ui/button";
import { describedBy } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/** The checklist's one-field test send: to the signed-in user's address unless changed. */
export function ChecklistTestSend({ defaultTo }: { defaultTo: string }) {
  const [state, action, pending] = useActionState<FormState<TestSendResult>, FormData>(
    sendChecklistTestEmailAction,
    IDLE,
  );
  const error = state.status === "error" ? (state.fieldErrors.to ?? state.message) : undefined;
  const sent = state.status === "success" ? state.result : undefined;
  return (
    <div className="grid gap-3">
      <form action={action} className="flex max-w-md flex-col gap-2 sm:flex-row" noValidate>
        <label htmlFor="checklist-test-to" className="sr-only">
          Send the test email to
        </label>
        <Input
          id="checklist-test-to"
          name="to"
          type="email"
          defaultValue={state.status === "error" ? (state.values?.to ?? defaultTo) : defaultTo}
          autoComplete="email"
          placeholder="you@yourcompany.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy("checklist-test-to", error)}
          className="min-w-0 sm:flex-1"
        />
        <Button type="submit" variant="secondary" disabled={pending} className="shrink-0">
          <Send aria-hidden />
          {pending ? "Sending…" : "Send test email"}
        </Button>
      </form>
      {error && (
        <p id="checklist-test-to-error" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
      {sent && (
        <Notice
          tone="success"
          title={
            sent.mode === "test"
              ? "Simulated test email recorded"
              : sent.status === "queued"
                ? "Test email queued"
                : "Test email sent"
          }
        >
          {sent.mode === "test"
            ? `It went through the whole pipeline to ${sent.to} but was not delivered: verify a domain to reach an inbox. `
            : sent.status === "queued"
              ? `It waits in the queue until delivery is connected (Settings → Delivery), then goes out by itself. `
              : `On its way to ${sent.to} from ${sent.from}. `}
          <Link href={`/emails/${sent.id}`} className="font-medium underline">
            View it in Emails
          </Link>
        </Notice>
      )}
    </div>
  );
}

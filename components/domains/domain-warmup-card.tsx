"use client";

import { useState, useTransition } from "react";
import { setDomainWarmupAction } from "@/lib/web/dashboard/actions/domains";
import type { DomainWarmupStatus } from "@/lib/domains/warmup";
import { formatCount } from "@/lib/web/dashboard/format";
import { Card, CardHeader } from "../ui/card";
import { Label } from "../ui/label";
import { Notice } from "../ui/notice";
import { ProgressBar } from "../ui/progress-bar";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";

/**
 * Warm-up of one sending domain (docs/decisions/0056): a switch that saves as soon as it is
 * flipped, and, while the domain is in its first weeks, today's allowance and what is used.
 */
export function DomainWarmupCard({
  domain,
  status,
}: {
  domain: { id: string; name: string; verified: boolean };
  status: DomainWarmupStatus;
}) {
  const [current, setCurrent] = useState(status);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();
  const toast = useToast();

  function change(on: boolean) {
    const previous = current;
    setCurrent({ ...current, on });
    setError(null);
    setSaving(true);
    startTransition(async () => {
      const result = await setDomainWarmupAction(domain.id, { warmup: on });
      setSaving(false);
      if (result.status === "success" && result.result) {
        setCurrent(result.result);
        toast({ title: on ? "Warm-up on" : "Warm-up off", description: domain.name });
      } else {
        setCurrent(previous);
        setError(result.status === "error" ? result.message : "The change was not saved.");
      }
    });
  }

  const today = current.on ? current.today : null;
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Warm-up"
        description="Mailbox providers trust a new domain step by step: start small, grow daily."
      />
      <div className="flex items-start justify-between gap-6 px-5 py-4">
        <div className="min-w-0">
          <Label htmlFor="warmup">Warm up this domain</Label>
          <p id="warmup-hint" className="mt-1 max-w-prose text-[13px] text-zinc-500">
            Campaign mail from {domain.name} is capped per day for its first weeks after
            verification, from 1,000 on day one to 1,000,000 on day fifteen; the rest waits for the
            next day and the campaign report says so. Transactional and automation emails are never
            held back. Turn it off for a domain that already has a sending history.
          </p>
        </div>
        <Switch
          id="warmup"
          checked={current.on}
          disabled={saving}
          onCheckedChange={change}
          aria-describedby="warmup-hint"
        />
      </div>
      {today && (
        <div className="border-t border-zinc-100 px-5 py-4">
          <ProgressBar
            label={`Today: day ${today.day} of ${today.days}`}
            value={today.sent}
            total={today.cap}
            detail={
              <span className="tabular-nums">
                {formatCount(today.sent)} of {formatCount(today.cap)} campaign emails
              </span>
            }
          />
        </div>
      )}
      {current.on && !today && (
        <p className="border-t border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
          {domain.verified
            ? "Warm-up is complete: this domain sends without a daily cap."
            : "Warm-up starts on the day the domain is verified."}
        </p>
      )}
      {error && (
        <div className="border-t border-zinc-100 px-5 py-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </Card>
  );
}

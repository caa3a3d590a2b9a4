"use client";

import { useState, useTransition } from "react";
import { setDomainTrackingAction } from "@/lib/web/dashboard/actions/domains";
import type { DomainResource } from "@/lib/domains/serialize";
import { Card, CardHeader } from "../ui/card";
import { Label } from "../ui/label";
import { Notice } from "../ui/notice";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";

type Setting = "open_tracking" | "click_tracking";

/**
 * Open and click tracking of one domain (DECISIONS §8). Each switch saves as soon as it is
 * flipped; on a refusal it springs back and the reason shows under the card.
 */
export function DomainTrackingCard({
  domain,
  trackingHost,
}: {
  domain: Pick<DomainResource, "id" | "name" | "open_tracking" | "click_tracking">;
  /** The host tracked links and the pixel point at (APP_URL's). */
  trackingHost: string;
}) {
  const [values, setValues] = useState({
    open_tracking: domain.open_tracking,
    click_tracking: domain.click_tracking,
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<Setting | null>(null);
  const [, startTransition] = useTransition();
  const toast = useToast();

  function change(setting: Setting, on: boolean) {
    const previous = values;
    setValues({ ...values, [setting]: on });
    setError(null);
    setSaving(setting);
    startTransition(async () => {
      const result = await setDomainTrackingAction(domain.id, { [setting]: on });
      setSaving(null);
      if (result.status === "success" && result.result) {
        const { open_tracking, click_tracking } = result.result;
        setValues({ open_tracking, click_tracking });
        const what = setting === "open_tracking" ? "Open tracking" : "Click tracking";
        toast({ title: `${what} ${on ? "on" : "off"}`, description: domain.name });
      } else {
        setValues(previous);
        setError(result.status === "error" ? result.message : "The change was not saved.");
      }
    });
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Tracking"
        description={`Applies to every email sent from an address at ${domain.name}.`}
      />
      <div className="divide-y divide-zinc-100">
        <TrackingRow
          id="open-tracking"
          label="Open tracking"
          checked={values.open_tracking}
          disabled={saving !== null}
          onChange={(on) => change("open_tracking", on)}
        >
          Adds an invisible 1×1 image from {trackingHost}; an email counts as opened when the
          reader’s mail app loads it. Apps that block images or load them in advance make this count
          approximate.
        </TrackingRow>
        <TrackingRow
          id="click-tracking"
          label="Click tracking"
          checked={values.click_tracking}
          disabled={saving !== null}
          onChange={(on) => change("click_tracking", on)}
        >
          Rewrites each link through {trackingHost}, which counts the click and forwards the reader
          to the original address. Transactional mail with sign-in or password-reset links usually
          wants this off, so those links reach the reader exactly as written. The links of one
          template block can also be left untracked in the template editor.
        </TrackingRow>
      </div>
      {error && (
        <div className="border-t border-zinc-100 px-5 py-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </Card>
  );
}

function TrackingRow({
  id,
  label,
  checked,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-6 px-5 py-4">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 max-w-prose text-[13px] text-zinc-500">
          {children}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

"use client";

import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { sendCampaignTestAction } from "@/lib/web/dashboard/actions/campaigns";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { SegmentedControl } from "../ui/segmented-control";
import { useToast } from "../ui/toast";

/**
 * "Send a test": the campaign itself (chosen subject, content, footer) to one address, with
 * "[Test]" before the subject. It goes out like the real thing but is not counted in the stats.
 */
export function TestSendDialog({
  open,
  onOpenChange,
  campaignId,
  name,
  subjects,
  userEmail,
  unsaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId: string;
  name: string;
  subjects: { id: string; subject: string }[];
  userEmail: string;
  unsaved?: boolean;
}) {
  const toast = useToast();
  const [to, setTo] = useState(userEmail);
  const [variant, setVariant] = useState("A");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; to?: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const result = await sendCampaignTestAction(campaignId, { to, variant });
      if (result.status !== "success" || !result.result) {
        setError(
          result.status === "error"
            ? { message: result.message, to: result.fieldErrors.to }
            : { message: "The test was not sent." },
        );
        return;
      }
      toast({
        title:
          result.result.status === "queued"
            ? "Queued: delivery is not configured yet"
            : "Test sent",
        description: `Test of “${name}” to ${result.result.to}`,
        action: { label: "View in Emails log", href: `/emails/${result.result.emailId}` },
      });
      onOpenChange(false);
    } catch {
      setError({ message: "The server could not be reached. Try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setError(null);
      }}
    >
      <DialogContent
        title="Send a test"
        description="The campaign as a recipient gets it, with “[Test]” before the subject. Tests are not counted in the campaign’s results."
      >
        <form onSubmit={submit} noValidate>
          <DialogBody>
            {error && !error.to && <Notice tone="error">{error.message}</Notice>}
            <Field id="campaign-test-to" label="Send to" error={error?.to}>
              <div className="flex gap-2">
                <Input
                  id="campaign-test-to"
                  type="email"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  autoComplete="email"
                  placeholder="you@example.com"
                  aria-invalid={error?.to ? true : undefined}
                  aria-describedby={describedBy("campaign-test-to", error?.to)}
                />
                {to !== userEmail && (
                  <Button variant="ghost" onClick={() => setTo(userEmail)} className="shrink-0">
                    To me
                  </Button>
                )}
              </div>
            </Field>
            {subjects.length > 1 && (
              <div className="grid gap-1.5">
                <span className="text-[13px] font-medium text-zinc-800">Subject</span>
                <SegmentedControl
                  label="Variant"
                  value={variant}
                  onValueChange={setVariant}
                  options={subjects.map((s) => ({ value: s.id, label: s.id, title: s.subject }))}
                  size="sm"
                  className="w-fit"
                />
                <p className="text-[13px] break-words text-zinc-500">
                  {subjects.find((s) => s.id === variant)?.subject}
                </p>
              </div>
            )}
            {unsaved && (
              <p className="text-[13px] text-zinc-500">
                The test sends the saved draft: save first to include your changes.
              </p>
            )}
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              <Send aria-hidden />
              {pending ? "Sending…" : "Send test"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

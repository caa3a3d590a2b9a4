"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { setDomainReceivingAction } from "@/lib/web/dashboard/actions/domains";
import type { DomainResource } from "@/lib/domains/serialize";
import { Card, CardHeader } from "../ui/card";
import { Label } from "../ui/label";
import { Notice } from "../ui/notice";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";
import { DnsRecordsTable } from "./dns-records-table";

/**
 * Inbound email at one domain (DECISIONS §16): a switch that saves as soon as it is flipped,
 * and, while on, the MX record that sends the domain's mail here.
 */
export function DomainReceivingCard({
  domain,
}: {
  domain: Pick<DomainResource, "id" | "name" | "status" | "receiving" | "records">;
}) {
  const [current, setCurrent] = useState(domain);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();
  const toast = useToast();
  const verified = current.status === "verified";
  const mx = current.records.filter((r) => r.purpose === "inbound_mx");

  function change(on: boolean) {
    const previous = current;
    setCurrent({ ...current, receiving: on });
    setError(null);
    setSaving(true);
    startTransition(async () => {
      const result = await setDomainReceivingAction(domain.id, { receiving: on });
      setSaving(false);
      if (result.status === "success" && result.result) {
        setCurrent(result.result);
        toast({ title: on ? "Receiving on" : "Receiving off", description: domain.name });
      } else {
        setCurrent(previous);
        setError(result.status === "error" ? result.message : "The change was not saved.");
      }
    });
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Receiving"
        description={`Keep the email people send to addresses at ${domain.name}.`}
      />
      <div className="flex items-start justify-between gap-6 px-5 py-4">
        <div className="min-w-0">
          <Label htmlFor="receiving">Receive email at this domain</Label>
          <p id="receiving-hint" className="mt-1 max-w-prose text-[13px] text-zinc-500">
            {verified ? (
              <>
                Mail to any address at {domain.name} is kept in{" "}
                <Link
                  href="/received"
                  className="font-medium text-indigo-600 hover:text-indigo-500"
                >
                  Received
                </Link>
                , with its attachments; replies to your emails are linked to them. Nothing is
                forwarded. Mail for other domains is still refused.
              </>
            ) : (
              "Verify this domain first: only a domain you have proven to own can receive email."
            )}
          </p>
        </div>
        <Switch
          id="receiving"
          checked={current.receiving}
          disabled={saving || (!verified && !current.receiving)}
          onCheckedChange={change}
          aria-describedby="receiving-hint"
        />
      </div>
      {current.receiving && mx.length > 0 && (
        <div className="border-t border-zinc-100">
          <p className="px-5 pt-4 text-[13px] text-zinc-600">
            Add this MX record at the DNS provider of {domain.name} so its mail reaches Mailwright.
            If the domain already receives mail elsewhere (a mailbox provider), this replaces it:
            consider a subdomain such as <span className="font-mono">inbound.{domain.name}</span>{" "}
            instead.
          </p>
          <div className="mt-3">
            <DnsRecordsTable records={mx} sharedReturnPath={false} />
          </div>
        </div>
      )}
      {error && (
        <div className="border-t border-zinc-100 px-5 py-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </Card>
  );
}

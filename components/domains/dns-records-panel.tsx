"use client";

import { Loader2, RefreshCw } from "lucide-react";
import { useState, useTransition } from "react";
import { verifyDomainAction, type DomainCheck } from "@/lib/web/dashboard/actions/domains";
import type { FormState } from "@/lib/web/dashboard/form-state";
import type { DomainResource } from "@/lib/domains/serialize";
import type { SpfAdvice } from "@/lib/domains/spf";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";
import { DemoteDomainButton } from "./demote-domain-button";
import { DnsRecordsTable } from "./dns-records-table";
import { SpfNote } from "./spf-note";
import { RECORD_PURPOSE, listOf } from "./record-labels";

/**
 * The records to publish and the "Verify DNS" check. A check answers every record's status
 * (SPF, DMARC and the return path included), which a page load cannot know, so the latest answer
 * is kept here.
 */
export function DnsRecordsPanel({
  domain,
  sharedReturnPath,
  spf,
}: {
  domain: DomainResource;
  /** Which relay include the SPF records name, or why there are none. */
  spf: SpfAdvice;
  /** BOUNCE_DOMAIN is set: the return-path records are the same for every domain. */
  sharedReturnPath: boolean;
}) {
  const [checked, setChecked] = useState<DomainCheck | null>(null);
  const [state, setState] = useState<FormState<DomainCheck>>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const records = (checked ?? domain).records;

  function verify() {
    startTransition(async () => {
      const result = await verifyDomainAction(domain.id);
      setState(result);
      if (result.status === "success" && result.result) {
        setChecked(result.result);
        const dkim = result.result.records.find((r) => r.purpose === "dkim");
        if (dkim?.status === "verified" && !result.result.kept_verified) {
          toast({ title: "Domain verified", description: `${domain.name} can send email.` });
        }
      }
    });
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="DNS records"
        description={`Publish these records at the DNS provider of ${domain.name}. Only DKIM is required to send.`}
        actions={
          <Button
            onClick={verify}
            disabled={pending}
            variant={(checked ?? domain).status === "verified" ? "secondary" : "primary"}
          >
            {pending ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
            {pending ? "Checking DNS…" : "Verify DNS"}
          </Button>
        }
      />
      <div aria-live="polite">
        {state.status === "error" && (
          <div className="border-b border-zinc-100 px-5 py-3">
            <Notice tone="error">{state.message}</Notice>
          </div>
        )}
        {state.status === "success" && checked && !pending && (
          <Outcome domain={checked} onDemoted={setChecked} />
        )}
      </div>
      <DnsRecordsTable records={records} sharedReturnPath={sharedReturnPath} />
      <SpfNote spf={spf} domainName={domain.name} />
    </Card>
  );
}

function Outcome({
  domain,
  onDemoted,
}: {
  domain: DomainCheck;
  onDemoted: (domain: DomainCheck) => void;
}) {
  const dkim = domain.records.find((r) => r.purpose === "dkim");
  const advice = domain.records
    .filter((r) => !r.required && (r.status === "missing" || r.status === "mismatch"))
    .map((r) => RECORD_PURPOSE[r.purpose].label);
  const failing = dkim?.status === "mismatch" ? "does not match" : "was not found";
  return (
    <div className="border-b border-zinc-100 px-5 py-3">
      {domain.kept_verified ? (
        <Notice tone="warning" title={`The DKIM record ${failing}: the domain stays verified`}>
          {domain.verification === "manual"
            ? `${domain.name} was marked verified by hand, so a failing check does not undo that. `
            : `Nothing changed: ${domain.name} keeps sending, but its mail fails DKIM until the record below is published again. `}
          Receivers are likely to reject or file mail from it as spam until the record is in DNS.
          {domain.verification === "dns" && (
            <span className="mt-2 block">
              <DemoteDomainButton domain={domain} failing={failing} onDemoted={onDemoted} />
            </span>
          )}
        </Notice>
      ) : dkim?.status === "pending" ? (
        <Notice tone="warning" title="DNS could not be reached">
          The lookup failed on our side, so nothing changed: the domain keeps its current status.
          Try again in a minute.
        </Notice>
      ) : dkim?.status === "verified" ? (
        <Notice tone="success" title="DKIM record found: the domain is verified">
          Mail from {domain.name} is now DKIM-signed.
          {advice.length > 0 &&
            ` The ${listOf(advice)} record${advice.length > 1 ? "s are" : " is"} missing or different; publishing ${advice.length > 1 ? "them" : "it"} improves deliverability.`}
        </Notice>
      ) : dkim?.status === "mismatch" ? (
        <Notice tone="error" title="The DKIM record does not match">
          A TXT record exists at the DKIM host, but its key differs from the one below. Replace its
          value with the one shown, then verify again.
        </Notice>
      ) : (
        <Notice tone="warning" title="DKIM record not found yet">
          DNS changes can take from a few minutes to a few hours to appear. Check the host name and
          value, then verify again.
        </Notice>
      )}
    </div>
  );
}

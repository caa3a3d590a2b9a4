import type { SpfAdvice } from "@/lib/domains/spf";

const code = "font-mono text-[12px] text-zinc-800";

/** Why the SPF records say what they say, or why there are none: it follows the configured relay. */
export function SpfNote({ spf, domainName }: { spf: SpfAdvice; domainName: string }) {
  return (
    <p className="border-t border-zinc-100 px-5 py-3 text-[13px] text-zinc-600">
      <span className="font-medium text-zinc-900">SPF · </span>
      {spf.source === "no_delivery" ? (
        <>
          No relay is configured yet (<code className={code}>SMTP_URL</code> or{" "}
          <code className={code}>RESEND_API_KEY</code>), so there is no SPF record to suggest. Once
          one is, add that relay&apos;s include to the SPF record of {domainName}.
        </>
      ) : spf.source === "unknown_relay" ? (
        <>
          Mail goes out through <code className={code}>{spf.relayHost}</code>. Add the SPF include
          its provider documents to the TXT record of {domainName} and of the return-path domain (
          <code className={code}>v=spf1 include:… ~all</code>), or set{" "}
          <code className={code}>SPF_INCLUDE</code> to have it listed and checked here.
        </>
      ) : (
        <>
          The records name <code className={code}>include:{spf.include}</code>, the include of{" "}
          {spf.source === "resend"
            ? "Resend"
            : spf.source === "smtp"
              ? spf.relayHost
              : "your relay (SPF_INCLUDE)"}
          . If {domainName} already has an SPF record, add the include to it: a domain must have
          only one.
        </>
      )}
    </p>
  );
}

import Link from "next/link";
import type { SubmissionSettings } from "@/lib/submission/settings";
import { Card, CardHeader } from "../../ui/card";
import { CopyButton } from "../../ui/copy-button";
import { Notice } from "../../ui/notice";

/**
 * The SMTP submission relay as apps that only speak SMTP need it (DECISIONS §16): the values to
 * paste into WordPress, Supabase Auth, Gitea… with the API key as the password.
 */
export function SmtpSubmissionCard({ settings }: { settings: SubmissionSettings }) {
  return (
    <Card>
      <CardHeader
        title="Send over SMTP"
        description="For apps that cannot call the API (WordPress, Supabase Auth, Gitea, printers): each recipient becomes an email in the log, with the same rules as the API."
      />
      <div className="p-5">
        {settings.enabled ? (
          <>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <Setting label="Host" value={settings.host} />
              <Setting label="Port" value={String(settings.port)} />
              <dt className="text-zinc-500">Security</dt>
              <dd className="text-zinc-900">
                {settings.starttls
                  ? "STARTTLS (choose “TLS” or “STARTTLS”, not SSL)"
                  : "None: only apps on this server can log in (set SMTP_SUBMISSION_TLS_CERT and _KEY to offer STARTTLS)"}
              </dd>
              <Setting label="Username" value="mailwright" note="Any name works." />
              <dt className="text-zinc-500">Password</dt>
              <dd className="text-zinc-900">
                An API key of this project: a{" "}
                <Link
                  href="/settings/api-keys"
                  className="font-medium text-indigo-600 hover:underline"
                >
                  Sending access key
                </Link>{" "}
                is enough.
              </dd>
            </dl>
            <p className="mt-4 text-[13px] text-zinc-500">
              The From address must be on a verified domain. Up to 100 recipients and 10 MiB per
              message; add an <span className="font-mono">Idempotency-Key</span> header to make a
              retry safe.
            </p>
          </>
        ) : (
          <Notice tone="info" title="The SMTP relay is off on this server">
            Your administrator turns it on with{" "}
            <span className="font-mono">SMTP_SUBMISSION_PORT</span> (587 is the usual port); the
            host, port and login to paste then appear here.
          </Notice>
        )}
      </div>
    </Card>
  );
}

function Setting({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <>
      <dt className="text-zinc-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="truncate rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-zinc-900">
          {value}
        </code>
        <CopyButton
          value={value}
          label={`Copy ${label.toLowerCase()}`}
          variant="ghost"
          className="size-6 shrink-0"
        />
        {note && <span className="text-[13px] text-zinc-500">{note}</span>}
      </dd>
    </>
  );
}

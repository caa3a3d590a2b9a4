import { BookOpen, KeyRound } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { CreateApiKeyDialog } from "@/components/api-keys/create-api-key-dialog";
import { RevokeApiKeyButton } from "@/components/api-keys/revoke-api-key-button";
import { AdminOnly } from "@/components/settings/admin-only";
import { SmtpSubmissionCard } from "@/components/settings/delivery/smtp-submission-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { KeyPermission } from "@/lib/api-keys/keys";
import { listApiKeys } from "@/lib/api-keys/manage";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDate, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { can } from "@/lib/core/permissions";
import { submissionSettings } from "@/lib/submission/settings";

export const metadata: Metadata = { title: "API keys" };

/** DECISIONS §12: what each key permission lets its holder do, as the table shows it. */
const ACCESS: Record<KeyPermission, { label: string; description: string }> = {
  full: { label: "Full access", description: "Every API operation." },
  sending: {
    label: "Sending access",
    description:
      "Can send email and events and read emails; cannot read contacts or change settings.",
  },
};

export default async function ApiKeysPage() {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "api_keys.manage")) {
    return <AdminOnly title="API keys" permission="api_keys.manage" projectName={project.name} />;
  }
  const keys = await listApiKeys(ctx);
  const now = ctx.clock.now();
  const active = keys.filter((k) => !k.revokedAt).length;

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="API keys"
        description={`Secret keys authenticate requests to the ${project.name} API. A key is shown once, when it is created; store it in your secrets manager.`}
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link href="/docs/api">
                <BookOpen aria-hidden />
                API reference
              </Link>
            </Button>
            <CreateApiKeyDialog />
          </>
        }
      />
      <Card className="overflow-hidden">
        {keys.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys yet"
            description="Create a key to send email and manage contacts from your code. Use a test key while you build: it simulates delivery and never reaches a real inbox."
          >
            <CreateApiKeyDialog label="Create your first key" />
          </EmptyState>
        ) : (
          <>
            <div className="border-b border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
              {active} active {active === 1 ? "key" : "keys"}
              {keys.length > active && `, ${keys.length - active} revoked`}
            </div>
            <Table>
              <THead>
                <tr>
                  <TH>Name</TH>
                  <TH>Mode</TH>
                  <TH className="hidden sm:table-cell">Access</TH>
                  <TH className="hidden sm:table-cell">Key</TH>
                  <TH className="hidden md:table-cell">Created</TH>
                  <TH className="hidden sm:table-cell">Last used</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {keys.map((key) => (
                  <TR key={key.id} className={key.revokedAt ? "bg-zinc-50/50" : undefined}>
                    <TD className="font-medium text-zinc-900">
                      <span className={key.revokedAt ? "text-zinc-400 line-through" : undefined}>
                        {key.name}
                      </span>
                      <code className="mt-0.5 block font-mono text-xs font-normal text-zinc-500 sm:hidden">
                        {key.hint}
                      </code>
                      <span className="mt-0.5 block text-xs font-normal text-zinc-500 sm:hidden">
                        {ACCESS[key.permission].label}
                      </span>
                    </TD>
                    <TD>
                      <Badge tone={key.mode === "live" ? "green" : "amber"}>
                        {key.mode === "live" ? "Live" : "Test"}
                      </Badge>
                    </TD>
                    <TD className="hidden sm:table-cell">
                      <Badge
                        tone={key.permission === "full" ? "neutral" : "indigo"}
                        title={ACCESS[key.permission].description}
                      >
                        {ACCESS[key.permission].label}
                      </Badge>
                    </TD>
                    <TD className="hidden sm:table-cell">
                      <code className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-zinc-700">
                        {key.hint}
                      </code>
                    </TD>
                    <TD className="hidden whitespace-nowrap md:table-cell">
                      <time
                        dateTime={key.createdAt.toISOString()}
                        title={formatDateTime(key.createdAt)}
                      >
                        {formatDate(key.createdAt)}
                      </time>
                    </TD>
                    <TD className="hidden whitespace-nowrap sm:table-cell">
                      {key.lastUsedAt ? (
                        <time
                          dateTime={key.lastUsedAt.toISOString()}
                          title={formatDateTime(key.lastUsedAt)}
                        >
                          {relativeTime(key.lastUsedAt, now)}
                        </time>
                      ) : (
                        <span className="text-zinc-400">Never</span>
                      )}
                    </TD>
                    <TD className="text-right whitespace-nowrap">
                      {key.revokedAt ? (
                        <Badge
                          tone="red"
                          className="gap-1"
                          title={`Revoked ${formatDateTime(key.revokedAt)}`}
                        >
                          Revoked
                          {/* The time is in the title on phones: the badge keeps the table narrow. */}
                          <span className="hidden sm:inline">
                            {" "}
                            {relativeTime(key.revokedAt, now)}
                          </span>
                        </Badge>
                      ) : (
                        <RevokeApiKeyButton keyId={key.id} name={key.name} />
                      )}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </>
        )}
      </Card>
      <div className="mt-6">
        <SmtpSubmissionCard settings={submissionSettings(ctx.config)} />
      </div>
    </>
  );
}

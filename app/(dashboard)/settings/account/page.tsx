import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { ChangePasswordForm } from "@/components/settings/account/change-password-form";
import { SignOutEverywhere } from "@/components/settings/account/sign-out-everywhere";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDate, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { describeUserAgent } from "@/lib/web/dashboard/user-agent";
import { listSessionsOfUser } from "@/lib/users/sessions";

export const metadata: Metadata = { title: "Your account" };

/**
 * Settings → Your account: who is signed in, and where, and their password. Every role sees it
 * (it is about the person, not the project); "Sign out everywhere" ends all of their sessions.
 */
export default async function AccountPage() {
  const { ctx, user, sessionId } = await requireDashboard();
  const sessions = await listSessionsOfUser(ctx, user.id);
  const now = ctx.clock.now();

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="Your account"
        description="Your sign-in, the same in every project you belong to."
      />
      <Card className="mb-6 px-5 py-4">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-[13px] text-zinc-500">Name</dt>
            <dd className="truncate font-medium text-zinc-900">{user.name || "—"}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-[13px] text-zinc-500">Email</dt>
            <dd className="truncate font-medium text-zinc-900">{user.email}</dd>
          </div>
        </dl>
      </Card>
      <ChangePasswordForm />
      <Card className="overflow-hidden">
        <CardHeader
          title="Where you are signed in"
          description="Browsers signed in with your account. A session unused for 30 days ends by itself."
          actions={<SignOutEverywhere sessionCount={sessions.length} />}
        />
        <Table>
          <THead>
            <tr>
              <TH>Browser</TH>
              <TH className="hidden sm:table-cell">IP address</TH>
              <TH className="hidden md:table-cell">Signed in</TH>
              <TH>Last active</TH>
            </tr>
          </THead>
          <TBody>
            {sessions.map((session) => (
              <TR key={session.id}>
                <TD className="max-w-0 min-w-40">
                  <p className="flex items-center gap-2 font-medium text-zinc-900">
                    <span className="truncate" title={session.userAgent ?? undefined}>
                      {describeUserAgent(session.userAgent)}
                    </span>
                    {session.id === sessionId && <Badge tone="indigo">This browser</Badge>}
                  </p>
                </TD>
                <TD className="hidden font-mono text-xs text-zinc-600 sm:table-cell">
                  {session.ipAddress ?? "—"}
                </TD>
                <TD className="hidden whitespace-nowrap md:table-cell">
                  <time
                    dateTime={session.createdAt.toISOString()}
                    title={formatDateTime(session.createdAt)}
                  >
                    {formatDate(session.createdAt)}
                  </time>
                </TD>
                <TD className="whitespace-nowrap">
                  <time
                    dateTime={session.lastSeenAt.toISOString()}
                    title={formatDateTime(session.lastSeenAt)}
                  >
                    {session.id === sessionId ? "Now" : relativeTime(session.lastSeenAt, now)}
                  </time>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </Card>
    </>
  );
}

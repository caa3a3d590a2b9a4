import { MailPlus } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { InviteMemberDialog } from "@/components/settings/members/invite-member-dialog";
import {
  MemberActions,
  RevokeInvitationButton,
} from "@/components/settings/members/member-actions";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDate, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { can } from "@/lib/core/permissions";
import { listInvitations } from "@/lib/users/invitations";
import { listMembers } from "@/lib/users/members";

export const metadata: Metadata = { title: "Members" };

const RoleBadge = ({ role }: { role: "admin" | "member" }) => (
  <Badge tone={role === "admin" ? "indigo" : "neutral"}>
    {role === "admin" ? "Admin" : "Member"}
  </Badge>
);

/**
 * Settings → Members. Admins invite, change roles and remove; members see who is in the project
 * (so they know whom to ask) and nothing else: pending invitations stay with the admins.
 */
export default async function MembersPage() {
  const { ctx, project, user } = await requireDashboard();
  const manage = can(ctx.role, "members.manage");
  const [members, invitations] = await Promise.all([
    listMembers(ctx),
    manage ? listInvitations(ctx) : Promise.resolve([]),
  ]);
  const now = ctx.clock.now();
  const admins = members.filter((m) => m.role === "admin").length;

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="Members"
        description={`People who can sign in to ${project.name}. Admins also manage API keys, webhooks, domains, settings and members.`}
        actions={manage ? <InviteMemberDialog /> : undefined}
      />
      {!manage && (
        <Notice className="mb-6" title="Only admins can invite, change roles or remove members">
          Ask one of the admins below if someone should join or leave.
        </Notice>
      )}
      <Card className="overflow-hidden">
        <div className="border-b border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
          {members.length} {members.length === 1 ? "person" : "people"}, {admins}{" "}
          {admins === 1 ? "admin" : "admins"}
        </div>
        <Table>
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Role</TH>
              <TH className="hidden sm:table-cell">Joined</TH>
              {manage && (
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              )}
            </tr>
          </THead>
          <TBody>
            {members.map((member) => (
              <TR key={member.userId}>
                <TD className="max-w-0 min-w-40">
                  <p className="truncate font-medium text-zinc-900">
                    {member.name || member.email}
                    {member.userId === user.id && (
                      <span className="ml-1.5 font-normal text-zinc-400">(you)</span>
                    )}
                  </p>
                  {member.name && <p className="truncate text-xs text-zinc-500">{member.email}</p>}
                </TD>
                <TD>
                  <RoleBadge role={member.role} />
                </TD>
                <TD className="hidden whitespace-nowrap sm:table-cell">
                  <time
                    dateTime={member.joinedAt.toISOString()}
                    title={formatDateTime(member.joinedAt)}
                  >
                    {formatDate(member.joinedAt)}
                  </time>
                </TD>
                {manage && (
                  <TD className="w-12 text-right">
                    <MemberActions
                      member={{
                        userId: member.userId,
                        email: member.email,
                        role: member.role,
                        isYou: member.userId === user.id,
                      }}
                    />
                  </TD>
                )}
              </TR>
            ))}
          </TBody>
        </Table>
      </Card>
      {manage && (
        <Card className="mt-6 overflow-hidden">
          <CardHeader
            title="Pending invitations"
            description="Links not used yet. Each works once, for its email address."
          />
          {invitations.length === 0 ? (
            <EmptyState
              icon={MailPlus}
              title="No pending invitations"
              description="Invite someone by email: you get a link to send them, valid for 7 days. No mail setup needed."
              className="py-10"
            />
          ) : (
            <Table>
              <THead>
                <tr>
                  <TH>Email</TH>
                  <TH>Role</TH>
                  <TH className="hidden sm:table-cell">Expires</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {invitations.map((invitation) => (
                  <TR key={invitation.id}>
                    <TD className="max-w-0 min-w-40">
                      <p className="truncate font-medium text-zinc-900">{invitation.email}</p>
                    </TD>
                    <TD>
                      <RoleBadge role={invitation.role} />
                    </TD>
                    <TD className="hidden whitespace-nowrap sm:table-cell">
                      {invitation.expiresAt <= now ? (
                        <Badge tone="amber">Expired</Badge>
                      ) : (
                        <time
                          dateTime={invitation.expiresAt.toISOString()}
                          title={formatDateTime(invitation.expiresAt)}
                        >
                          {relativeTime(invitation.expiresAt, now)}
                        </time>
                      )}
                    </TD>
                    <TD className="text-right whitespace-nowrap">
                      <RevokeInvitationButton id={invitation.id} email={invitation.email} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      )}
    </>
  );
}

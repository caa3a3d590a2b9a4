import { Lock } from "lucide-react";
import Link from "next/link";
import { refusalMessage, type Permission } from "@/lib/core/permissions";
import { PageHeader } from "../app-shell/page-header";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";

/**
 * What a member sees on an admin-only settings page (a bookmark, an old link): a calm refusal
 * instead of controls that would be refused anyway. The services enforce the rule regardless.
 */
export function AdminOnly({
  title,
  permission,
  projectName,
}: {
  title: string;
  permission: Permission;
  projectName: string;
}) {
  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title={title}
      />
      <Card>
        <EmptyState
          icon={Lock}
          title={refusalMessage(permission)}
          description={`You are a member of ${projectName}. Ask one of its admins if something here needs to change.`}
        >
          <Button variant="secondary" asChild>
            <Link href="/settings/members">See the project’s admins</Link>
          </Button>
        </EmptyState>
      </Card>
    </>
  );
}

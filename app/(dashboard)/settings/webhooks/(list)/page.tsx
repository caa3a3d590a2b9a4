import { Plus, Webhook } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { AdminOnly } from "@/components/settings/admin-only";
import { WebhookFormDialog } from "@/components/webhooks/webhook-form-dialog";
import { WebhooksTable } from "@/components/webhooks/webhooks-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { can } from "@/lib/core/permissions";
import { listWebhooks } from "@/lib/webhooks/list";

export const metadata: Metadata = { title: "Webhooks" };

const SAMPLE_EVENT = JSON.stringify(
  {
    type: "email.delivered",
    created_at: "2026-06-01T14:05:09.000Z",
    data: { id: "em_01…", to: "ada@example.com", subject: "Welcome aboard" },
  },
  null,
  2,
);

function AddEndpointButton({ label = "Add endpoint" }: { label?: string }) {
  return (
    <WebhookFormDialog
      trigger={
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      }
    />
  );
}

export default async function WebhooksPage() {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "webhooks.manage")) {
    return <AdminOnly title="Webhooks" permission="webhooks.manage" projectName={project.name} />;
  }
  // Endpoints are few per project: one page of the maximum size shows them all.
  const page = await listWebhooks(ctx, { limit: 100 });
  const active = page.data.filter((w) => w.active).length;

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="Webhooks"
        description="Mailwright POSTs a signed JSON event to your endpoints when an email is delivered, bounces, is opened or clicked. Failed deliveries are retried with backoff for about three days."
        actions={<AddEndpointButton />}
      />
      <Card className="overflow-hidden">
        {page.data.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title="No webhook endpoints"
            description="Add an endpoint to react to deliveries, bounces and complaints in your own systems. Every request carries an X-Service-Signature header: an HMAC-SHA256 of the body with the endpoint's secret."
          >
            <CodeBlock code={SAMPLE_EVENT} label="POST your-endpoint · email.delivered" />
            <div className="mt-5">
              <AddEndpointButton label="Add your first endpoint" />
            </div>
          </EmptyState>
        ) : (
          <>
            <div className="border-b border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
              {active} active {active === 1 ? "endpoint" : "endpoints"}
              {page.data.length > active && `, ${page.data.length - active} disabled`}
            </div>
            <WebhooksTable webhooks={page.data} now={ctx.clock.now()} />
          </>
        )}
      </Card>
    </>
  );
}

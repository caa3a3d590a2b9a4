import { Plus, Send } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { DeliveryStatus } from "@/components/settings/delivery/delivery-status";
import { RelayFormDialog } from "@/components/settings/delivery/relay-form-dialog";
import { RelayList } from "@/components/settings/delivery/relay-list";
import { SmtpSubmissionCard } from "@/components/settings/delivery/smtp-submission-card";
import { AdminOnly } from "@/components/settings/admin-only";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { deliverySettings } from "@/lib/delivery/relays";
import { can } from "@/lib/core/permissions";
import { submissionSettings } from "@/lib/submission/settings";

export const metadata: Metadata = { title: "Delivery" };

export default async function DeliverySettingsPage() {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "delivery.manage")) {
    return <AdminOnly title="Delivery" permission="delivery.manage" projectName={project.name} />;
  }
  const settings = await deliverySettings(ctx);
  const nextPriority = settings.relays.length
    ? Math.max(...settings.relays.map((r) => r.priority)) + 10
    : 0;
  const addButtons = (
    <div className="flex flex-wrap gap-2">
      <RelayFormDialog
        kind="smtp"
        nextPriority={nextPriority}
        trigger={
          <Button>
            <Plus aria-hidden />
            Add SMTP relay
          </Button>
        }
      />
      <RelayFormDialog
        kind="resend"
        nextPriority={nextPriority}
        trigger={
          <Button variant="secondary">
            <Send aria-hidden />
            Connect Resend
          </Button>
        }
      />
    </div>
  );

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="Delivery"
        description={`How ${project.name}'s email leaves: through your SMTP relays or Resend. Changes apply within seconds, no restart needed.`}
      />
      <div className="grid gap-6">
        <DeliveryStatus settings={settings} />
        <Card>
          <CardHeader
            title="Relays"
            description="Tried in order; when one is down or busy, the next one takes the email."
            actions={settings.relays.length > 0 ? addButtons : undefined}
          />
          {settings.relays.length > 0 ? (
            <RelayList relays={settings.relays} />
          ) : (
            <EmptyState
              icon={Send}
              title="No relay of this project's own"
              description={
                settings.environment
                  ? "The instance default is used until you add one. Add a relay to send through your own provider."
                  : "Add the SMTP settings of your email provider, or connect Resend with an API key."
              }
            >
              <div className="flex justify-center">{addButtons}</div>
            </EmptyState>
          )}
        </Card>
        <SmtpSubmissionCard settings={submissionSettings(ctx.config)} />
      </div>
    </>
  );
}

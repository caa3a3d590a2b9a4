import { PartyPopper } from "lucide-react";
import type { ReactNode } from "react";
import type { ServiceContext } from "@/lib/core/context";
import { firstSendProgress, type FirstSendProgress } from "@/lib/web/dashboard/first-send";
import { can, type Permission, type Role } from "@/lib/core/permissions";
import { Card, CardHeader } from "../ui/card";
import { ChecklistTestSend } from "./checklist-test-send";
import { GettingStarted, StepLink, type Step } from "./getting-started";

/**
 * The overview's getting-started card: the path from an empty project to a first email, each
 * step's state read from the project's data (lib/web/dashboard/first-send.ts). Admin-only steps tell
 * members to ask an admin instead of linking to a page they cannot use.
 */
export async function FirstSendChecklist({
  ctx,
  role,
  userEmail,
}: {
  ctx: ServiceContext;
  role: Role;
  userEmail: string;
}) {
  const progress = await firstSendProgress(ctx);
  const steps = checklistSteps(progress, role, userEmail);
  const done = steps.filter((s) => s.done).length;
  const complete = done === steps.length;
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader
        title="Getting started"
        description={
          complete
            ? "Every step is done: this project can send email."
            : `Your first email in a few minutes: ${done} of ${steps.length} steps done.`
        }
      />
      <div className="px-5 pt-4">
        <div
          role="progressbar"
          aria-label="Getting started progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
          className="h-1.5 overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className="h-full rounded-full bg-emerald-500 transition-[width]"
            style={{ width: `${Math.round((done / steps.length) * 100)}%` }}
          />
        </div>
      </div>
      {complete && (
        <p className="mx-5 mt-3 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-[13px] text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          <PartyPopper aria-hidden className="size-4 shrink-0" />
          All set. Campaigns, automations and the API can now send from your domain.
        </p>
      )}
      <GettingStarted steps={steps} />
    </Card>
  );
}

/** The generated first admin's address reaches nobody: better an empty field than a dead letter. */
function placeholderAddress(address: string) {
  return /@[^@]+\.(local|localhost|invalid|example)$/i.test(address);
}

function askAnAdmin(what: string) {
  return <p className="text-[13px] text-zinc-500">Ask an admin of this project to {what}.</p>;
}

function adminLink(role: Role, permission: Permission, link: ReactNode, what: string) {
  return can(role, permission) ? link : askAnAdmin(what);
}

export function checklistSteps(progress: FirstSendProgress, role: Role, userEmail: string): Step[] {
  const domainPage = progress.domain
    ? `/settings/domains/${progress.domain.id}`
    : "/settings/domains";
  return [
    {
      title: "Add your sending domain",
      done: progress.domainAdded,
      description: progress.domain
        ? `${progress.domain.name} is added.`
        : "The domain your emails come from, such as mail.yourcompany.com.",
      action: progress.domainAdded
        ? undefined
        : adminLink(
            role,
            "domains.manage",
            <StepLink href="/settings/domains">Add a domain</StepLink>,
            "add one",
          ),
    },
    {
      title: "Verify the domain",
      done: progress.domainVerified,
      description: progress.domainVerified
        ? `${progress.domain!.name} is verified.`
        : "Publish its DKIM record so receivers trust your mail, or mark it verified to try things on a laptop or a test relay.",
      action:
        progress.domainVerified || !progress.domainAdded
          ? undefined
          : adminLink(
              role,
              "domains.manage",
              <StepLink href={domainPage}>Open DNS records</StepLink>,
              "verify it",
            ),
    },
    {
      title: "Set the default sender",
      done: progress.senderSet,
      description: progress.sender
        ? `Emails come from ${progress.sender}.`
        : "The name and address automation emails, confirmations and test sends come from.",
      action: progress.senderSet
        ? undefined
        : adminLink(
            role,
            "settings.manage",
            <StepLink href="/settings/general">Choose a sender</StepLink>,
            "set one",
          ),
    },
    {
      title: "Connect delivery",
      done: progress.deliveryConnected,
      description: progress.deliveryConnected
        ? "Live email has a way out."
        : "Your email provider's SMTP settings, or a Resend API key. Until then live email waits as queued.",
      action: progress.deliveryConnected
        ? undefined
        : adminLink(
            role,
            "delivery.manage",
            <StepLink href="/settings/delivery">Connect delivery</StepLink>,
            "connect one",
          ),
    },
    {
      title: "Send a test email",
      done: progress.testSent,
      description: progress.testSent
        ? "A relay accepted a live email: delivery works."
        : !progress.domainVerified
          ? "Works right away: without a verified sender it is simulated and recorded in Emails, never delivered."
          : progress.deliveryConnected
            ? "See your email in a real inbox. Done once a relay accepts it."
            : "Connect delivery first: until then the email waits as queued.",
      action: <ChecklistTestSend defaultTo={placeholderAddress(userEmail) ? "" : userEmail} />,
    },
    {
      title: "Create an API key",
      done: progress.apiKeyCreated,
      description:
        "Send from your backend with POST /api/v1/send. Test keys simulate delivery and never reach an inbox.",
      action: adminLink(
        role,
        "api_keys.manage",
        <StepLink href="/settings/api-keys">Manage API keys</StepLink>,
        "create one for you",
      ),
    },
  ];
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AutomationBuilder } from "@/components/automations/builder/automation-builder";
import type { TemplateOption } from "@/components/automations/builder/template-options";
import { getAutomation, getAutomationWithStats } from "@/lib/automations/get";
import { serializeAutomation } from "@/lib/automations/serialize";
import { breakerThresholds } from "@/lib/breaker/thresholds";
import type { ServiceContext } from "@/lib/core/context";
import { topicOptions } from "@/lib/web/dashboard/campaign-options";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { NotFoundError } from "@/lib/core/errors";
import { listTemplates } from "@/lib/templates/list";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const automation = await getAutomation(ctx, (await params).id).catch(() => null);
  return { title: automation ? automation.name : "Automation" };
}

export default async function AutomationPage({ params }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const { automation, stats } = await getAutomationWithStats(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const [templates, topics] = await Promise.all([templateOptions(ctx), topicOptions(ctx)]);
  return (
    <AutomationBuilder
      // Opening another automation starts a fresh builder state.
      key={automation.id}
      automation={serializeAutomation(automation)}
      templates={templates}
      topics={topics}
      stats={stats}
      statsAt={ctx.clock.now()}
      minimumSends={(await breakerThresholds(ctx.db, ctx.projectId)).breakerMinimumSends}
    />
  );
}

/** Own and gallery templates for the email step's picker (the same set the API accepts). */
async function templateOptions(ctx: ServiceContext): Promise<TemplateOption[]> {
  const options: TemplateOption[] = [];
  let cursor: string | undefined;
  // 1,000 templates is far past any real project; the picker stays a plain list.
  for (let page = 0; page < 10; page++) {
    const result = await listTemplates(ctx, { scope: "all", limit: 100, cursor });
    for (const t of result.data) {
      options.push({
        id: t.id,
        name: t.name,
        subject: t.subject,
        category: t.category,
        system: t.is_system,
      });
    }
    if (!result.has_more || !result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return options;
}

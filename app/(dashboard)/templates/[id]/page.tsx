import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TemplateEditor } from "@/components/templates/editor/template-editor";
import { SystemTemplateView } from "@/components/templates/system-template-view";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { sequentialIds, withBlockIds } from "@/lib/web/dashboard/templates-document";
import { deliveryConfigured, resolveTestSender } from "@/lib/web/dashboard/templates-sender";
import { NotFoundError } from "@/lib/core/errors";
import { EMPTY_BLOCKS_SOURCE, parseBlocksSource, serializeBlocks } from "@/lib/templates/blocks";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { renderTemplate } from "@/lib/templates/render";
import { previewSampleContext } from "@/lib/templates/gallery";
import { sampleVariables } from "@/lib/templates/sample-values";
import { getTemplate } from "@/lib/templates/get";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const template = await getTemplate(ctx, (await params).id).catch(() => null);
  return { title: template ? template.name : "Template" };
}

export default async function TemplatePage({ params }: Props) {
  const { ctx, user, project, appUrl } = await requireDashboard();
  const { id } = await params;
  const template = await getTemplate(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  // Sample data in every placeholder: a preview reads like a real email, never "Hi ,".
  const sampleContext = previewSampleContext(template.id, {
    projectName: project.name,
    publicUrl: appUrl,
  });
  const variables = listTemplateVariables(template);
  const samples = sampleVariables(variables, sampleContext);

  if (template.isSystem) {
    const preview = await renderTemplate(template, samples);
    return (
      <SystemTemplateView
        template={{
          id: template.id,
          name: template.name,
          category: template.category,
          subject: template.subject,
          description: template.description,
        }}
        preview={preview}
        variables={variables}
      />
    );
  }

  const sender = await resolveTestSender(ctx);
  const document = withBlockIds(
    parseBlocksSource(template.format === "blocks" ? template.source : EMPTY_BLOCKS_SOURCE),
    sequentialIds(),
  );
  // The editor's first preview: blocks marked with the ids the editor uses, as live updates are.
  const preview = await renderTemplate(
    template.format === "blocks" ? { ...template, source: serializeBlocks(document) } : template,
    samples,
    { markBlocks: true },
  );
  return (
    <TemplateEditor
      // Opening another template starts a fresh editor state.
      key={template.id}
      templateId={template.id}
      sampleContext={sampleContext}
      initial={{
        name: template.name,
        subject: template.subject,
        category: template.category,
        format: template.format,
        document,
        html: template.format === "html" ? template.source : "",
      }}
      initialPreview={{ html: preview.html, subject: preview.subject }}
      sender={sender && { label: sender.label, address: sender.address }}
      deliveryConfigured={await deliveryConfigured(ctx)}
      userEmail={user.email}
    />
  );
}

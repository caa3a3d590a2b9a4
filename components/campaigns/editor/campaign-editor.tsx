"use client";

import type { ReactNode } from "react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import type {
  CampaignTemplateOption,
  PostalAddressStatus,
  SegmentOption,
  SenderOptions,
  TopicOption,
} from "@/lib/web/dashboard/campaign-options";
import { TemplatePicker } from "../../automations/builder/panels/template-picker";
import { Card, CardBody, CardHeader } from "../../ui/card";
import { CampaignActions } from "../campaign-actions";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { AudienceField } from "./audience-field";
import { ContentFields } from "./content-fields";
import { DeliveryField } from "./delivery-field";
import { EditorHeader } from "./editor-header";
import { SendConfirmDialog } from "./send-confirm-dialog";
import { SenderFields } from "./sender-fields";
import { SubjectFields } from "./subject-fields";
import { TopicFields } from "./topic-fields";
import { useCampaignEditor } from "./use-campaign-editor";
import { useRecipientCount } from "./use-recipient-count";

/** A draft campaign: who it is from, what it says, who gets it and when; then send or schedule. */
export function CampaignEditor({
  campaign,
  templates,
  segments,
  topics,
  sender,
  postalAddress,
  userEmail,
}: {
  campaign: CampaignResource | null;
  templates: CampaignTemplateOption[];
  segments: SegmentOption[];
  topics: TopicOption[];
  sender: SenderOptions;
  postalAddress: PostalAddressStatus;
  /** The signed-in user's address, the default of "send a test". */
  userEmail: string;
}) {
  const editor = useCampaignEditor(campaign, sender);
  const { draft, errors, update, busy } = editor;
  const count = useRecipientCount(draft.target, draft.segment, draft.topic, draft.required_notice);
  const placed = Object.keys(errors).length > 0;

  return (
    <>
      <EditorHeader
        title={draft.name.trim() || (editor.id ? "Untitled campaign" : "New campaign")}
        dirty={editor.dirty}
        busy={busy}
        scheduling={editor.delivery === "schedule"}
        onSave={editor.saveDraft}
        onSend={editor.requestSend}
        actions={
          editor.id && (
            <CampaignActions
              campaignId={editor.id}
              name={draft.name.trim() || "Untitled campaign"}
              subjects={[draft.subject, ...draft.variants].map((subject, i) => ({
                id: "ABCD"[i]!,
                subject,
              }))}
              deletable
              userEmail={userEmail}
              unsaved={editor.dirty}
            />
          )
        }
      />
      {editor.message && (
        <Notice tone="error" className="mb-6" title={placed ? undefined : "Not saved"}>
          {editor.message}
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid min-w-0 gap-6">
          <Section
            title="Campaign"
            description="Only you see the name; recipients see the sender and subject."
          >
            <Field id="campaign-name" label="Name" error={errors.name}>
              <Input
                id="campaign-name"
                value={draft.name}
                onChange={(e) => update({ name: e.target.value })}
                placeholder="June newsletter"
                maxLength={200}
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy("campaign-name", errors.name)}
              />
            </Field>
            <SenderFields
              fromName={draft.from_name}
              fromEmail={draft.from_email}
              domains={sender.domains}
              onChange={update}
              errors={errors}
            />
          </Section>
          <Section
            title="Subject and preview"
            description="What the inbox shows before the email is opened."
          >
            <SubjectFields
              subject={draft.subject}
              variants={draft.variants}
              abTest={draft.ab_test}
              onChange={update}
              errors={errors}
            />
            <Field
              id="campaign-preview-text"
              label="Preview text"
              error={errors.preview_text}
              hint="Optional. The line most inboxes show after the subject."
            >
              <Input
                id="campaign-preview-text"
                value={draft.preview_text}
                onChange={(e) => update({ preview_text: e.target.value })}
                maxLength={500}
                autoComplete="off"
                aria-invalid={errors.preview_text ? true : undefined}
                aria-describedby={describedBy("campaign-preview-text", errors.preview_text, true)}
              />
            </Field>
          </Section>
          <Section
            title="Content"
            description="The template is rendered for each recipient with their contact data."
          >
            <div className="max-w-lg">
              <TemplatePicker
                id="campaign-template"
                value={draft.template ?? ""}
                templates={templates}
                error={errors.template}
                onChange={(template) => {
                  // A blank subject starts from the template's own.
                  const chosen = templates.find((t) => t.id === template);
                  update({
                    template,
                    ...(!draft.subject.trim() && chosen && { subject: chosen.subject }),
                  });
                }}
              />
            </div>
            <ContentFields
              templateVariables={templates.find((t) => t.id === draft.template)?.variables ?? []}
              variables={draft.variables}
              onChange={(variables) => update({ variables })}
              error={errors.variables}
            />
          </Section>
        </div>
        <div className="grid min-w-0 gap-6 lg:sticky lg:top-6">
          <Section title="Audience">
            <AudienceField
              target={draft.target}
              segment={draft.segment}
              segments={segments}
              count={count}
              topic={draft.topic}
              requiredNotice={draft.required_notice}
              onChange={update}
              errors={errors}
            />
          </Section>
          <Section title="Topic">
            <TopicFields
              topic={draft.topic}
              requiredNotice={draft.required_notice}
              topics={topics}
              onChange={update}
              errors={errors}
            />
          </Section>
          <Section title="Delivery">
            <DeliveryField
              delivery={editor.delivery}
              onDeliveryChange={editor.setDelivery}
              scheduledAt={draft.scheduled_at}
              onScheduledAtChange={(scheduled_at) => update({ scheduled_at })}
              error={errors.scheduled_at}
            />
          </Section>
        </div>
      </div>
      <SendConfirmDialog
        // A fresh confirmation each time: the required-notice box starts unticked.
        key={editor.pendingSend ? "open" : "closed"}
        pending={editor.pendingSend}
        name={draft.name}
        subjects={draft.variants.length + 1}
        abTest={draft.variants.length > 0 ? draft.ab_test : null}
        postalAddress={postalAddress}
        busy={busy === "confirm"}
        onConfirm={editor.confirmSend}
        onClose={editor.closeSend}
      />
    </>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody className="grid gap-4">{children}</CardBody>
    </Card>
  );
}

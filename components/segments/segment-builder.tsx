"use client";

import { ChevronLeft, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { deleteSegmentAction } from "@/lib/web/dashboard/actions/segments";
import type { SegmentResource } from "@/lib/segments/serialize";
import { PageHeader } from "../app-shell/page-header";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { SegmentedControl } from "../ui/segmented-control";
import { MatchesBadge, MatchesPanel } from "./matches-panel";
import { RuleRow } from "./rule-row";
import { useSegmentBuilder } from "./use-segment-builder";
import { useSegmentMatches } from "./use-segment-matches";

const MAX_RULES = 50;

/** Name a group of contacts by rules on their fields and engagement; see who matches as you go. */
export function SegmentBuilder({ segment }: { segment: SegmentResource | null }) {
  const builder = useSegmentBuilder(segment);
  const matches = useSegmentMatches(builder.conditions, builder.incomplete);
  const [deleting, setDeleting] = useState(false);
  const { errors } = builder;
  const ruleErrors = (i: number) => ({
    field: errors[`conditions.rules.${i}.field`],
    operator: errors[`conditions.rules.${i}.operator`],
    value: errors[`conditions.rules.${i}.value`],
  });
  const placed = Object.keys(errors).length > 0;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/segments"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Segments
          </Link>
        }
        title={builder.name.trim() || (builder.id ? "Untitled segment" : "New segment")}
        description={
          <span className={builder.dirty ? "text-amber-700" : undefined}>
            {builder.dirty ? "Unsaved changes" : "All changes saved"}
          </span>
        }
        actions={
          <>
            {builder.id && (
              <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                Delete
              </Button>
            )}
            <Button onClick={builder.save} disabled={builder.saving}>
              {builder.saving ? "Saving…" : builder.id ? "Save segment" : "Create segment"}
            </Button>
          </>
        }
      />
      {builder.message && (
        <Notice tone="error" className="mb-6" title={placed ? undefined : "Not saved"}>
          {builder.message}
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardBody>
              <Field id="segment-name" label="Name" error={errors.name}>
                <Input
                  id="segment-name"
                  value={builder.name}
                  onChange={(e) => builder.setName(e.target.value)}
                  placeholder="Engaged pro customers"
                  maxLength={120}
                  autoComplete="off"
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={describedBy("segment-name", errors.name)}
                />
              </Field>
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Rules"
              description="Text compares ignoring case; a custom field holding a list contains an item that equals the value; tags match exactly."
              actions={<MatchesBadge matches={matches} />}
            />
            <CardBody className="grid gap-3">
              <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
                <span>Contacts who match</span>
                <SegmentedControl<"all" | "any">
                  label="Match"
                  size="sm"
                  value={builder.match}
                  onValueChange={builder.setMatch}
                  options={[
                    { value: "all", label: "all" },
                    { value: "any", label: "any" },
                  ]}
                />
                <span>of these rules</span>
              </div>
              {builder.rules.length === 0 ? (
                <p className="rounded-lg border border-dashed border-zinc-200 px-4 py-6 text-center text-[13px] text-zinc-500">
                  No rules: the segment matches every contact.
                </p>
              ) : (
                <ol className="grid gap-2">
                  {builder.rules.map((rule, index) => (
                    <RuleRow
                      key={rule.id}
                      rule={rule}
                      index={index}
                      onChange={(next) => builder.updateRule(index, next)}
                      onRemove={() => builder.removeRule(index)}
                      errors={ruleErrors(index)}
                    />
                  ))}
                </ol>
              )}
              {errors.conditions && <p className="text-[13px] text-red-600">{errors.conditions}</p>}
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={builder.addRule}
                  disabled={builder.rules.length >= MAX_RULES}
                >
                  <Plus aria-hidden />
                  Add rule
                </Button>
              </div>
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0 lg:sticky lg:top-6">
          <MatchesPanel matches={matches} />
        </div>
      </div>
      {builder.id && (
        <ConfirmActionDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Delete this segment?"
          description="Campaigns already sent keep their results. A scheduled campaign that targets it would reach nobody; drafts will need another audience."
          confirmLabel="Delete segment"
          onConfirm={() => deleteSegmentAction(builder.id!)}
          done={{ title: "Segment deleted" }}
          afterDone="/segments"
        />
      )}
    </>
  );
}

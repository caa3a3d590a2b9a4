"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AutomationResource } from "@/lib/automations/serialize";
import type { AutomationStats } from "@/lib/automations/stats";
import { LeaveDialog } from "../../templates/editor/editor-dialogs";
import { useUnsavedGuard } from "../../templates/editor/use-unsaved-guard";
import { Button } from "../../ui/button";
import { resumeAutomationAction } from "@/lib/web/dashboard/actions/automations";
import { PausedBanner } from "../../breaker/paused-banner";
import { Notice } from "../../ui/notice";
import { useToast } from "../../ui/toast";
import { DeleteAutomationDialog } from "../delete-automation-dialog";
import { BuilderHeader } from "./builder-header";
import { DeleteBranchDialog, StatusDialog } from "./builder-dialogs";
import { FlowCanvas, type Selection } from "./flow-canvas";
import { stepsRemovedWith, type InsertPoint, type Step } from "./graph";
import { firstStepWithIssues, hasIssues, type BuilderIssues } from "./issues";
import { layoutFlow } from "./layout";
import { StepPanel } from "./panels/step-panel";
import { OverviewPanel, TriggerPanel } from "./panels/trigger-panel";
import { RunHealth } from "../run-health";
import { RunSummary } from "./run-summary";
import { SaveProblems } from "./save-problems";
import type { StepType } from "./steps-draft";
import { stepSummary, triggerSummary } from "./summary";
import type { TopicOption } from "@/lib/web/dashboard/campaign-options";
import type { TemplateOption } from "./template-options";
import { useAutomationBuilder } from "./use-automation-builder";
import { useLiveCounts } from "./use-live-stats";

type Props = {
  automation: AutomationResource;
  templates: TemplateOption[];
  /** The project's topics, for the email step's optional topic. */
  topics: TopicOption[];
  stats: AutomationStats;
  /** When the server read `stats` (relative times are measured from it). */
  statsAt: Date;
  /** The project's circuit-breaker minimum, for the Resume confirmation. */
  minimumSends: number;
};

/** The automation builder: header, the flow canvas and the selected step's settings. */
export function AutomationBuilder({
  automation,
  templates,
  topics,
  stats: initialStats,
  statsAt,
  minimumSends,
}: Props) {
  const known = useMemo(() => new Set(templates.map((t) => t.id)), [templates]);
  const builder = useAutomationBuilder(automation, known);
  const { draft, issues, clientIssues } = builder;
  const toast = useToast();
  const [selection, setSelection] = useState<Selection>(null);
  // A step to bring into view; `at` makes asking again for the same step count.
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);
  const [statusDialog, setStatusDialog] = useState(false);
  const [deletingBranch, setDeletingBranch] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const guard = useUnsavedGuard(builder.dirty);
  const panel = useRef<HTMLElement>(null);

  const live = useLiveCounts(automation.id, initialStats, statsAt, builder.status, draft.steps);
  const layout = useMemo(
    () => layoutFlow(draft.steps, { stepHeight: live.stepHeight }),
    [draft.steps, live.stepHeight],
  );
  const stepsById = useMemo(() => new Map(draft.steps.map((s) => [s.id, s])), [draft.steps]);
  const numbers = useMemo(() => new Map(draft.steps.map((s, i) => [s.id, i + 1])), [draft.steps]);
  const numberOf = useCallback((id: string) => numbers.get(id) ?? 0, [numbers]);
  const templateNames = useMemo(() => new Map(templates.map((t) => [t.id, t.name])), [templates]);
  const summaryOf = useCallback(
    (step: Step) => stepSummary(step, { templateName: (id) => templateNames.get(id) }),
    [templateNames],
  );
  const invalidSteps = useMemo(() => new Set(Object.keys(issues.steps)), [issues.steps]);
  const incompleteSteps = useMemo(
    () => new Set(Object.keys(clientIssues.steps)),
    [clientIssues.steps],
  );
  const trigger = useMemo(
    () => ({
      event: draft.trigger.event,
      summary: triggerSummary(draft.trigger),
      invalid: Object.keys(issues.trigger).length > 0,
      entered: live.counts ? live.runs.total : undefined,
    }),
    [draft.trigger, issues.trigger, live.counts, live.runs.total],
  );

  const selectedStep = selection?.kind === "step" ? stepsById.get(selection.id) : undefined;

  const select = useCallback((next: Selection) => {
    setSelection(next);
    // Stacked layout: the settings are below the canvas, so bring them into view.
    if (next && window.matchMedia("(max-width: 1023px)").matches) {
      requestAnimationFrame(() =>
        panel.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
      );
    }
  }, []);

  function selectAndShow(id: string) {
    select({ kind: "step", id });
    setFocus({ id, at: Date.now() });
  }

  function showFirstProblem(found: BuilderIssues) {
    const first = firstStepWithIssues(draft.steps, found);
    if (first) selectAndShow(first);
    else if (Object.keys(found.trigger).length > 0) select({ kind: "trigger" });
  }

  async function save() {
    const result = await builder.save();
    if (result.ok) toast({ title: "Automation saved" });
    else showFirstProblem(result.issues);
  }

  async function changeStatus() {
    const next = builder.status === "draft" ? "live" : "draft";
    const result = await builder.save(next);
    setStatusDialog(false);
    if (result.ok) {
      toast({
        title: next === "live" ? "Automation is live" : "Automation switched to draft",
        description:
          next === "live" ? "New contacts enter it from now on." : "Contacts in it are paused.",
      });
    } else showFirstProblem(result.issues);
  }

  function askStatusChange() {
    if (builder.status === "draft" && draft.steps.length === 0) {
      toast({ title: "Add a step before going live", tone: "error" });
      return;
    }
    setStatusDialog(true);
  }

  const onInsert = (at: InsertPoint, type: StepType) => {
    selectAndShow(builder.insert(at, type));
  };

  function deleteStep(step: Step) {
    if (step.type === "branch") return setDeletingBranch(step.id);
    builder.remove(step.id);
    setSelection(null);
    toast({ title: "Step deleted", description: "Save to keep the change." });
  }

  // Ctrl/Cmd+S saves, as in every editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const problemsShown =
    builder.saveState === "error" &&
    builder.saveMessage !== null &&
    (builder.saveFailure === "other" || hasIssues(issues));

  return (
    <>
      <BuilderHeader
        name={draft.name}
        onNameChange={builder.setName}
        onNameBlur={() => builder.touch("name")}
        nameError={issues.name}
        status={builder.status}
        trigger={trigger.summary}
        stepCount={draft.steps.length}
        runsHref={`/automations/${automation.id}/runs`}
        runSummary={<RunSummary href={`/automations/${automation.id}/runs`} runs={live.runs} />}
        dirty={builder.dirty}
        saveState={builder.saveState}
        onSave={() => void save()}
        onToggleStatus={askStatusChange}
        onDelete={() => setDeleting(true)}
      />
      {live.runs.failed > 0 && (
        <RunHealth
          automationId={automation.id}
          failed={live.runs.failed}
          latestError={live.latestError}
          now={live.at}
          className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-[13px] ring-1 ring-red-200"
        />
      )}
      {builder.status === "paused" && automation.paused && (
        <PausedBanner
          kind="automation"
          pause={automation.paused}
          minimumSends={minimumSends}
          resume={() => resumeAutomationAction(automation.id)}
          onResumed={builder.markLive}
        />
      )}
      {problemsShown && (
        <SaveProblems
          heading={builder.saveHeading}
          message={builder.saveMessage!}
          issues={issues}
          steps={draft.steps}
          numberOf={numberOf}
          onSelectStep={selectAndShow}
          onSelectTrigger={() => select({ kind: "trigger" })}
        />
      )}
      {layout.unreachable.length > 0 && (
        <Notice tone="warning" className="mb-4" title="Some steps are never reached">
          <p>
            {layout.unreachable.length === 1 ? "One step" : `${layout.unreachable.length} steps`} (
            {layout.unreachable.map((id) => summaryOf(stepsById.get(id)!)).join("; ")}) cannot be
            reached from the trigger, so no contact gets there. They are not shown in the flow.
          </p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={builder.dropUnreachable}>
            Remove {layout.unreachable.length === 1 ? "it" : "them"}
          </Button>
        </Notice>
      )}
      {builder.status === "live" && builder.dirty && (
        <Notice className="mb-4">
          This automation is live: when you save, the changes apply to contacts already in it too.
        </Notice>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <FlowCanvas
          className="h-[62dvh] min-h-[420px] lg:h-[calc(100dvh-14rem)] lg:min-h-[560px]"
          layout={layout}
          steps={stepsById}
          numberOf={numberOf}
          summaryOf={summaryOf}
          trigger={trigger}
          invalidSteps={invalidSteps}
          incompleteSteps={incompleteSteps}
          selection={selectedStep || selection?.kind === "trigger" ? selection : null}
          onSelect={select}
          onInsert={onInsert}
          counts={live.counts}
          focus={focus}
        />
        <aside
          ref={panel}
          aria-label="Settings"
          className="flex min-h-0 scroll-mt-20 flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-zinc-200/80 lg:h-[calc(100dvh-14rem)] lg:min-h-[560px]"
        >
          {selectedStep ? (
            <StepPanel
              key={selectedStep.id}
              step={selectedStep}
              number={numberOf(selectedStep.id)}
              templates={templates}
              topics={topics}
              errors={issues.steps[selectedStep.id] ?? {}}
              onPatch={(patch) => builder.patchStep(selectedStep.id, patch)}
              onTouch={(field) => builder.touch(`${selectedStep.id}.${field}`)}
              onClose={() => setSelection(null)}
              onDelete={() => deleteStep(selectedStep)}
            />
          ) : selection?.kind === "trigger" ? (
            <TriggerPanel
              trigger={draft.trigger}
              onChange={builder.setTrigger}
              onTouch={() => builder.touch("trigger.name")}
              errors={issues.trigger}
              onClose={() => setSelection(null)}
            />
          ) : (
            <OverviewPanel />
          )}
        </aside>
      </div>
      <StatusDialog
        open={statusDialog}
        onOpenChange={setStatusDialog}
        status={builder.status}
        trigger={trigger.summary}
        dirty={builder.dirty}
        pending={builder.saveState === "saving"}
        onConfirm={() => void changeStatus()}
      />
      {deletingBranch && (
        <DeleteBranchDialog
          open
          onOpenChange={(open) => !open && setDeletingBranch(null)}
          removedWith={{
            yes: stepsRemovedWith(draft.steps, deletingBranch, "yes").length,
            no: stepsRemovedWith(draft.steps, deletingBranch, "no").length,
          }}
          onConfirm={(keep) => {
            builder.remove(deletingBranch, keep);
            setDeletingBranch(null);
            setSelection(null);
            toast({ title: "Branch deleted", description: "Save to keep the change." });
          }}
        />
      )}
      <LeaveDialog
        open={guard.pendingHref !== null}
        name={draft.name}
        saving={builder.saveState === "saving"}
        onStay={guard.stay}
        onLeave={guard.leave}
        onSaveAndLeave={async () => {
          if ((await builder.save()).ok) guard.leave();
          else guard.stay();
        }}
      />
      <DeleteAutomationDialog
        automation={{ id: automation.id, name: draft.name, status: builder.status }}
        open={deleting}
        onOpenChange={setDeleting}
        afterDelete="/automations"
      />
    </>
  );
}

"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { saveAutomationAction } from "@/lib/web/dashboard/actions/automations";
import type { AutomationResource } from "@/lib/automations/serialize";
import {
  insertStep,
  normalizeSteps,
  removeStep,
  removeUnreachable,
  type InsertPoint,
  type Step,
} from "./graph";
import { NO_ISSUES, placeIssues, validateDraft, type BuilderIssues } from "./issues";
import {
  createStep,
  draftKey,
  newStepId,
  toPayload,
  type AutomationDraft,
  type StepType,
} from "./steps-draft";

import type { SaveState } from "../../ui/save-status";

export type { SaveState };
export type SaveResult = { ok: true } | { ok: false; issues: BuilderIssues };
type Status = AutomationResource["status"];

/**
 * The builder's state: the draft (name, trigger, steps), whether it differs from what is saved,
 * saving and the draft/live switch, and the problems to show. Client checks show once a field
 * was left or after a save attempt; the server's 422 details show until that field is edited.
 */
export function useAutomationBuilder(automation: AutomationResource, knownTemplates: Set<string>) {
  const [draft, setDraft] = useState<AutomationDraft>(() => ({
    name: automation.name,
    trigger: automation.trigger,
    steps: normalizeSteps(automation.steps),
  }));
  const [savedKey, setSavedKey] = useState(() => draftKey(draft));
  const [status, setStatus] = useState<Status>(automation.status);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const [saveHeading, setSaveHeading] = useState("Not saved");
  /** "fields": the problems are in `issues` (and go away as they are fixed); "other": they are not. */
  const [saveFailure, setSaveFailure] = useState<"fields" | "other">("fields");
  const [serverIssues, setServerIssues] = useState<BuilderIssues>(NO_ISSUES);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const saving = useRef(false);

  const dirty = draftKey(draft) !== savedKey;
  const clientIssues = useMemo(() => {
    const payload = toPayload(draft);
    return placeIssues(payload.steps, validateDraft(payload, knownTemplates));
  }, [draft, knownTemplates]);
  const issues = useMemo(
    () => visibleIssues(clientIssues, serverIssues, touched, showAll),
    [clientIssues, serverIssues, touched, showAll],
  );

  /** Marks a field as visited: `name`, `trigger.name`, `<stepId>.<field>`. */
  const touch = useCallback((key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);

  const clearServerIssue = useCallback((scope: "name" | "trigger" | string, field?: string) => {
    setServerIssues((current) => {
      if (scope === "name") return current.name ? { ...current, name: undefined } : current;
      const target = scope === "trigger" ? current.trigger : current.steps[scope];
      if (!target || !field || !target[field]) return current;
      const next = structuredClone(current);
      delete (scope === "trigger" ? next.trigger : next.steps[scope]!)[field];
      if (scope !== "trigger" && Object.keys(next.steps[scope]!).length === 0) {
        delete next.steps[scope];
      }
      return next;
    });
  }, []);

  const setName = (name: string) => {
    setDraft((d) => ({ ...d, name }));
    clearServerIssue("name");
  };

  const setTrigger = (trigger: AutomationDraft["trigger"]) => {
    setDraft((d) => ({ ...d, trigger }));
    clearServerIssue("trigger", "name");
    clearServerIssue("trigger", "trigger");
  };

  /** Merges fields into a step; `undefined` removes a field. */
  const patchStep = (id: string, patch: Record<string, unknown>) => {
    setDraft((d) => ({
      ...d,
      steps: d.steps.map((step) => {
        if (step.id !== id) return step;
        const next: Record<string, unknown> = { ...step, ...patch };
        for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
        return next as Step;
      }),
    }));
    for (const field of Object.keys(patch)) {
      clearServerIssue(id, field);
      if (field === "branchCondition") {
        for (const sub of ["field", "operator", "value"]) clearServerIssue(id, `${field}.${sub}`);
      }
    }
  };

  /** Inserts a new step of `type` on an edge; answers its id. */
  const insert = (at: InsertPoint, type: StepType): string => {
    const id = newStepId(new Set(draft.steps.map((s) => s.id)));
    setDraft((d) => ({ ...d, steps: insertStep(d.steps, at, createStep(type, id)) }));
    return id;
  };

  const remove = (id: string, keep: "yes" | "no" = "yes") => {
    setDraft((d) => ({ ...d, steps: removeStep(d.steps, id, keep) }));
  };

  const dropUnreachable = () => setDraft((d) => ({ ...d, steps: removeUnreachable(d.steps) }));

  /**
   * Saves the draft (when changed) and/or moves the status, after the same checks the API
   * makes. Going live always re-checks, since a template may have been deleted since saving.
   */
  const save = useCallback(
    async (nextStatus?: "draft" | "live"): Promise<SaveResult> => {
      if (saving.current) return { ok: false, issues: NO_ISSUES };
      const payload = toPayload(draft);
      const key = JSON.stringify(payload);
      const changed = key !== savedKey;
      const details =
        changed || nextStatus === "live" ? validateDraft(payload, knownTemplates) : [];
      setSaveHeading(nextStatus === "live" ? "Not live yet" : "Not saved");
      if (details.length > 0) {
        setShowAll(true);
        setSaveState("error");
        setSaveMessage("Some steps are not finished yet.");
        setSaveFailure("fields");
        return { ok: false, issues: placeIssues(payload.steps, details) };
      }
      saving.current = true;
      setSaveState("saving");
      try {
        const result = await saveAutomationAction(automation.id, {
          ...(changed && payload),
          ...(nextStatus && { status: nextStatus }),
        });
        if (result.ok) {
          setSavedKey(key);
          setStatus(result.status);
          setServerIssues(NO_ISSUES);
          setShowAll(false);
          setSaveState("saved");
          setSaveMessage(null);
          return { ok: true };
        }
        // Details point into the steps as they were sent: place them against that snapshot.
        const placed = placeIssues(payload.steps, result.details);
        setServerIssues(placed);
        setSaveState("error");
        setSaveMessage(result.message);
        setSaveFailure(result.details.length > 0 ? "fields" : "other");
        return { ok: false, issues: placed };
      } catch {
        setSaveState("error");
        setSaveMessage("The server could not be reached. Your changes are still here; try again.");
        setSaveFailure("other");
        return { ok: false, issues: NO_ISSUES };
      } finally {
        saving.current = false;
      }
    },
    [automation.id, draft, knownTemplates, savedKey],
  );

  return {
    draft,
    dirty,
    status,
    issues,
    clientIssues,
    touch,
    setName,
    setTrigger,
    patchStep,
    insert,
    remove,
    dropUnreachable,
    save,
    saveState,
    saveMessage,
    saveHeading,
    saveFailure,
    /** After a resume from the pause banner: the automation is live again. */
    markLive: () => setStatus("live"),
  };
}

function visibleIssues(
  client: BuilderIssues,
  server: BuilderIssues,
  touched: ReadonlySet<string>,
  showAll: boolean,
): BuilderIssues {
  const shown = (key: string) => showAll || touched.has(key);
  const merged: BuilderIssues = {
    name: server.name ?? (client.name && shown("name") ? client.name : undefined),
    trigger: { ...server.trigger },
    steps: structuredClone(server.steps),
    general: [...server.general, ...(showAll ? client.general : [])],
  };
  for (const [field, message] of Object.entries(client.trigger)) {
    if (shown(`trigger.${field}`)) merged.trigger[field] ??= message;
  }
  for (const [id, fields] of Object.entries(client.steps)) {
    for (const [field, message] of Object.entries(fields)) {
      if (shown(`${id}.${field}`)) (merged.steps[id] ??= {})[field] ??= message;
    }
  }
  return merged;
}

export type AutomationBuilderState = ReturnType<typeof useAutomationBuilder>;

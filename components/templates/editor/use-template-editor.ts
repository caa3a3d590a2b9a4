"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { saveTemplateAction, type TemplateDraft } from "@/lib/web/dashboard/actions/templates";
import {
  NO_ISSUES,
  placeIssues,
  validateDocument,
  type EditorIssues,
} from "@/lib/web/dashboard/templates-issues";
import type { BlocksDocument } from "@/lib/templates/blocks";

export type Draft = {
  name: string;
  subject: string;
  category: string;
  format: "blocks" | "html";
  document: BlocksDocument;
  html: string;
};

import type { SaveState } from "../../ui/save-status";

export type { SaveState };
export type SaveResult = { ok: true } | { ok: false; issues: EditorIssues };

/** The stored form of a draft (what PATCH /v1/templates/:id receives). */
export function toTemplateDraft(draft: Draft): TemplateDraft {
  const theme = Object.fromEntries(
    Object.entries(draft.document.theme ?? {}).filter(([, v]) => v !== undefined && v !== ""),
  );
  const source =
    draft.format === "html"
      ? draft.html
      : JSON.stringify({
          blocks: draft.document.blocks,
          ...(Object.keys(theme).length > 0 && { theme }),
        });
  return {
    name: draft.name,
    subject: draft.subject,
    category: draft.category,
    format: draft.format,
    source,
  };
}

const keyOf = (draft: Draft) => JSON.stringify(toTemplateDraft(draft));

/**
 * The editor's state: the draft, whether it differs from what is saved, saving, and the
 * validation problems to show. Client checks show once a field was left (or after a save
 * attempt); the server's 422 details from the last save show until that field is edited.
 */
export function useTemplateEditor(templateId: string, initial: Draft) {
  const [draft, setDraft] = useState(initial);
  const [savedKey, setSavedKey] = useState(() => keyOf(initial));
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<EditorIssues>(NO_ISSUES);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const saving = useRef(false);

  const currentKey = keyOf(draft);
  const dirty = currentKey !== savedKey;

  const clientIssues = useMemo(
    () =>
      draft.format === "blocks"
        ? placeIssues(draft.document, validateDocument(draft.document))
        : NO_ISSUES,
    [draft.format, draft.document],
  );

  const issues = useMemo(
    () => visibleIssues(clientIssues, serverIssues, touched, showAll),
    [clientIssues, serverIssues, touched, showAll],
  );

  /** Marks a field as visited (`header.name`, `<blockId>.href`, `theme.brandColor`). */
  const touch = useCallback((key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);

  /** Editing a field retires the server's complaint about it. */
  const clearServerIssue = useCallback((scope: "header" | "theme" | string, field: string) => {
    setServerIssues((current) => {
      const target =
        scope === "header"
          ? current.header
          : scope === "theme"
            ? current.theme
            : current.blocks[scope];
      if (!target?.[field]) return current;
      const next = structuredClone(current);
      const nextTarget =
        scope === "header" ? next.header : scope === "theme" ? next.theme : next.blocks[scope]!;
      delete nextTarget[field];
      return next;
    });
  }, []);

  const save = useCallback(async (): Promise<SaveResult> => {
    if (saving.current) return { ok: false, issues: NO_ISSUES };
    saving.current = true;
    setSaveState("saving");
    setShowAll(true);
    const snapshot = draft;
    const payload = toTemplateDraft(snapshot);
    try {
      const result = await saveTemplateAction(templateId, payload);
      if (result.ok) {
        setSavedKey(JSON.stringify(payload));
        setServerIssues(NO_ISSUES);
        setShowAll(false);
        setSaveState("saved");
        setSaveMessage(null);
        return { ok: true };
      }
      // Details point into the document as it was sent: place them against that snapshot.
      const placed = placeIssues(snapshot.document, result.details);
      setServerIssues(placed);
      setSaveState("error");
      setSaveMessage(result.message);
      return { ok: false, issues: placed };
    } catch {
      setSaveState("error");
      setSaveMessage("The server could not be reached. Your changes are still here; try again.");
      return { ok: false, issues: NO_ISSUES };
    } finally {
      saving.current = false;
    }
  }, [draft, templateId]);

  return {
    draft,
    setDraft,
    dirty,
    issues,
    clientIssues,
    touch,
    clearServerIssue,
    save,
    showAllIssues: useCallback(() => setShowAll(true), []),
    saveState,
    saveMessage,
  };
}

function visibleIssues(
  client: EditorIssues,
  server: EditorIssues,
  touched: ReadonlySet<string>,
  showAll: boolean,
): EditorIssues {
  const shown = (key: string) => showAll || touched.has(key);
  const merged: EditorIssues = {
    header: { ...server.header },
    blocks: structuredClone(server.blocks),
    theme: { ...server.theme },
    general: [...server.general],
  };
  for (const [field, message] of Object.entries(client.header)) {
    if (shown(`header.${field}`)) merged.header[field] ??= message;
  }
  for (const [id, fields] of Object.entries(client.blocks)) {
    for (const [field, message] of Object.entries(fields)) {
      if (shown(`${id}.${field}`)) (merged.blocks[id] ??= {})[field] ??= message;
    }
  }
  for (const [field, message] of Object.entries(client.theme)) {
    if (shown(`theme.${field}`)) merged.theme[field] ??= message;
  }
  return merged;
}

export type TemplateEditorState = ReturnType<typeof useTemplateEditor>;

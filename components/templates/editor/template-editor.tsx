"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { convertToHtmlAction, type PreviewRequest } from "@/lib/web/dashboard/actions/templates";
import {
  createBlock,
  findBlock,
  insertBlock,
  randomId,
  updateBlock,
  type AnyBlock,
} from "@/lib/web/dashboard/templates-document";
import { previewableDocument, scriptWarnings } from "@/lib/web/dashboard/templates-issues";
import { previewVariables } from "@/lib/web/dashboard/templates-variables";
import type { BlocksDocument } from "@/lib/templates/blocks";
import { listTemplateVariables } from "@/lib/templates/inspect";
import type { SampleContext } from "@/lib/templates/sample-values";
import { resolveTheme } from "@/lib/templates/theme";
import { cn } from "../../ui/cn";
import { SegmentedControl } from "../../ui/segmented-control";
import { useToast } from "../../ui/toast";
import { DeleteTemplateDialog } from "../delete-template-dialog";
import { BlockInspector, NoBlockSelected } from "./block-inspector";
import { BlockList } from "./block-list";
import { ConvertToHtmlDialog, LeaveDialog } from "./editor-dialogs";
import { BlockPanels, HtmlPanels, type Panel } from "./editor-panels";
import { EditorHeader } from "./editor-header";
import { HtmlEditor } from "./html-editor";
import { PreviewPane, type Device } from "./preview-pane";
import { SendTestDialog, type SenderInfo } from "./send-test-dialog";
import { SaveProblems } from "./save-problems";
import { ScriptWarnings } from "./script-warnings";
import { ThemePanel } from "./theme-panel";
import { useLivePreview } from "./use-live-preview";
import { usePreviewPicker } from "./use-preview-picker";
import { useSamples } from "./use-samples";
import { useTemplateEditor, type Draft } from "./use-template-editor";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { VariablesPanel } from "./variables-panel";

type Props = {
  templateId: string;
  /** The project's name for `{{project_name}}`, and where the sample pictures are served. */
  sampleContext: SampleContext;
  initial: Draft;
  initialPreview: { html: string; subject: string };
  sender: SenderInfo;
  deliveryConfigured: boolean;
  userEmail: string;
};

/** The template editor: header, block list, inspector panels and the live preview. */
export function TemplateEditor({
  templateId,
  initial,
  initialPreview,
  sampleContext,
  ...rest
}: Props) {
  const editor = useTemplateEditor(templateId, initial);
  const { draft, setDraft, issues, clientIssues } = editor;
  const toast = useToast();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>("block");
  const [device, setDevice] = useState<Device>("desktop");
  const [view, setView] = useState<"edit" | "preview">("edit");
  const [deleting, setDeleting] = useState(false);
  const [converting, setConverting] = useState<"ask" | "busy" | null>(null);
  const [samples, setSamples] = useSamples(templateId);
  const guard = useUnsavedGuard(editor.dirty);
  const inspector = useRef<HTMLDivElement>(null);

  const setDocument = (document: BlocksDocument) => setDraft((d) => ({ ...d, document }));
  const source = draft.format === "html" ? draft.html : JSON.stringify(draft.document);
  const variables = useMemo(
    () => listTemplateVariables({ format: draft.format, subject: draft.subject, source }),
    [draft.format, draft.subject, source],
  );
  const previewRequest: PreviewRequest =
    draft.format === "html"
      ? {
          format: "html",
          html: draft.html,
          subject: draft.subject,
          variables: previewVariables(variables, samples, sampleContext),
        }
      : {
          format: "blocks",
          document: previewableDocument(draft.document),
          subject: draft.subject,
          variables: previewVariables(variables, samples, sampleContext),
        };
  const preview = useLivePreview(previewRequest, initialPreview);
  const scriptNotes = useMemo(
    () => (draft.format === "html" ? scriptWarnings(draft.html) : []),
    [draft.format, draft.html],
  );

  async function save(): Promise<boolean> {
    const result = await editor.save();
    if (!result.ok) {
      // Show the first block the server (or the checks) complained about.
      const firstBad = firstBlockWithIssues(draft.document, Object.keys(result.issues.blocks));
      if (firstBad) {
        setSelectedId(firstBad);
        setPanel("block");
        setView("edit");
      } else if (Object.keys(result.issues.theme).length > 0) setPanel("theme");
    }
    return result.ok;
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

  async function convert() {
    setConverting("busy");
    const result = await convertToHtmlAction(draft.document);
    setConverting(null);
    if (!result.ok) {
      editor.showAllIssues();
      toast({ title: result.message, tone: "error" });
      return;
    }
    setDraft((d) => ({ ...d, format: "html", html: result.html }));
    toast({ title: "Converted to HTML", description: "Save to keep the change." });
  }

  function selectBlock(id: string | null) {
    setSelectedId(id);
    if (!id) return;
    setPanel("block");
    setView("edit");
    // Stacked layout: the fields are below the list, so bring them into view.
    if (window.matchMedia("(max-width: 1279px)").matches) {
      requestAnimationFrame(() =>
        inspector.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
      );
    }
  }
  const picker = usePreviewPicker({
    enabled: draft.format === "blocks",
    selectedId,
    onSelect: selectBlock,
  });

  const selected = selectedId ? findBlock(draft.document, selectedId)?.block : undefined;
  const invalidIds = new Set([...Object.keys(clientIssues.blocks), ...Object.keys(issues.blocks)]);
  const hiddenBlocks = Object.keys(clientIssues.blocks).length;
  const theme = resolveTheme(previewableDocument(draft.document).theme);

  const patchBlock = (patch: Partial<AnyBlock>) => {
    if (!selectedId) return;
    setDocument(updateBlock(draft.document, selectedId, (b) => ({ ...b, ...patch }) as AnyBlock));
    for (const field of Object.keys(patch)) editor.clearServerIssue(selectedId, field);
  };

  const variablesPanel = (
    <VariablesPanel
      variables={variables}
      samples={samples}
      onSamplesChange={setSamples}
      publicUrl={sampleContext.publicUrl}
    />
  );

  return (
    <>
      <EditorHeader
        draft={draft}
        onChange={(patch) => {
          setDraft((d) => ({ ...d, ...patch }));
          for (const field of Object.keys(patch)) editor.clearServerIssue("header", field);
        }}
        onTouch={(field) => editor.touch(`header.${field}`)}
        errors={issues.header}
        dirty={editor.dirty}
        saveState={editor.saveState}
        onSave={() => void save()}
        onDelete={() => setDeleting(true)}
        onFormatChange={(format) =>
          format === "html" && draft.format === "blocks" && setConverting("ask")
        }
        sendTest={
          <SendTestDialog
            templateId={templateId}
            templateName={draft.name}
            sender={rest.sender}
            deliveryConfigured={rest.deliveryConfigured}
            defaultTo={rest.userEmail}
            variables={variables}
            samples={samples}
            onSamplesChange={setSamples}
            publicUrl={sampleContext.publicUrl}
            dirty={editor.dirty}
            save={save}
          />
        }
      />
      {editor.saveState === "error" && editor.dirty && editor.saveMessage && (
        <SaveProblems
          message={editor.saveMessage}
          issues={issues}
          document={draft.document}
          onSelectBlock={(id) => {
            setSelectedId(id);
            setPanel("block");
            setView("edit");
          }}
          onSelectTheme={() => {
            setPanel("theme");
            setView("edit");
          }}
        />
      )}
      <ScriptWarnings warnings={scriptNotes} />
      <SegmentedControl
        label="Show"
        className="mb-4 flex w-full lg:hidden"
        value={view}
        onValueChange={setView}
        options={[
          { value: "edit", label: "Edit" },
          { value: "preview", label: "Preview" },
        ]}
      />
      <div
        className={cn(
          "grid items-start gap-4",
          draft.format === "blocks"
            ? "lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] xl:grid-cols-[15rem_18.5rem_minmax(0,1fr)]"
            : "lg:grid-cols-2",
        )}
      >
        {draft.format === "blocks" ? (
          <>
            <div
              className={cn(
                "grid min-w-0 gap-4 xl:contents",
                view === "preview" && "max-lg:hidden",
              )}
            >
              <section
                aria-label="Block list"
                className="min-w-0 rounded-xl bg-zinc-100/70 ring-1 ring-zinc-200/80 xl:sticky xl:top-6 xl:max-h-[calc(100dvh-3rem)] xl:overflow-y-auto"
              >
                <h2 className="px-4 pt-3 text-xs font-medium tracking-wide text-zinc-500 uppercase">
                  Blocks
                </h2>
                <BlockList
                  document={draft.document}
                  selectedId={selectedId}
                  onSelect={selectBlock}
                  onChange={setDocument}
                  invalidIds={invalidIds}
                />
              </section>
              <BlockPanels
                ref={inspector}
                panel={panel}
                onPanelChange={setPanel}
                variableCount={variables.length}
                variables={variablesPanel}
                block={
                  selected ? (
                    <BlockInspector
                      key={selected.id}
                      block={selected}
                      onPatch={patchBlock}
                      errors={issues.blocks[selected.id!] ?? {}}
                      onTouch={(field) => editor.touch(`${selected.id}.${field}`)}
                      theme={theme}
                      variables={variables.map((v) => v.name)}
                      onAddToColumn={(column) => {
                        const block = createBlock("text", randomId);
                        setDocument(
                          insertBlock(draft.document, block, { parentId: selected.id!, column }),
                        );
                        setSelectedId(block.id!);
                      }}
                    />
                  ) : (
                    <NoBlockSelected />
                  )
                }
                theme={
                  <ThemePanel
                    theme={draft.document.theme ?? {}}
                    onChange={(theme) => {
                      setDocument({ ...draft.document, theme });
                      for (const key of Object.keys(theme)) editor.clearServerIssue("theme", key);
                    }}
                    errors={issues.theme}
                    onTouch={(field) => editor.touch(`theme.${field}`)}
                  />
                }
              />
            </div>
          </>
        ) : (
          <HtmlPanels
            className={cn(
              "h-[calc(100dvh-7rem)] min-h-[480px] lg:sticky lg:top-6 lg:h-[calc(100dvh-3rem)]",
              view === "preview" && "max-lg:hidden",
            )}
            variableCount={variables.length}
            variables={variablesPanel}
            code={
              <HtmlEditor
                value={draft.html}
                onChange={(html) => setDraft((d) => ({ ...d, html }))}
              />
            }
          />
        )}
        <PreviewPane
          className={cn(
            "h-[calc(100dvh-7rem)] min-h-[480px] lg:sticky lg:top-6 lg:h-[calc(100dvh-3rem)]",
            view === "edit" && "max-lg:hidden",
          )}
          html={preview.html}
          subject={preview.subject}
          from={rest.sender?.label ?? null}
          device={device}
          onDeviceChange={setDevice}
          frame={{ ...picker, allowSameOrigin: draft.format === "blocks" }}
          updating={preview.updating}
          problem={
            preview.error ??
            (draft.format === "blocks" && hiddenBlocks > 0
              ? `${hiddenBlocks} ${hiddenBlocks === 1 ? "block is" : "blocks are"} left out of the preview until ${hiddenBlocks === 1 ? "its" : "their"} fields are valid.`
              : null)
          }
        />
      </div>
      <ConvertToHtmlDialog
        open={converting !== null}
        onOpenChange={(open) => !open && setConverting(null)}
        onConfirm={() => void convert()}
        pending={converting === "busy"}
      />
      <LeaveDialog
        open={guard.pendingHref !== null}
        name={draft.name}
        saving={editor.saveState === "saving"}
        onStay={guard.stay}
        onLeave={guard.leave}
        onSaveAndLeave={async () => {
          if (await save()) guard.leave();
          else guard.stay();
        }}
      />
      <DeleteTemplateDialog
        template={{ id: templateId, name: draft.name }}
        open={deleting}
        onOpenChange={setDeleting}
        afterDelete="/templates"
      />
    </>
  );
}

/** The first id of `ids` in document order (top-level blocks, then their column children). */
function firstBlockWithIssues(document: BlocksDocument, ids: string[]): string | null {
  const wanted = new Set(ids);
  for (const block of document.blocks) {
    if (wanted.has(block.id!)) return block.id!;
    if (block.type === "columns") {
      for (const column of block.columns)
        for (const child of column.blocks) if (wanted.has(child.id!)) return child.id!;
    }
  }
  return null;
}

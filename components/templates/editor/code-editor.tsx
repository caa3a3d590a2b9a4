"use client";

import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { html } from "@codemirror/lang-html";
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";

/**
 * CodeMirror 6 for HTML sources: line numbers, wrapping, highlighting, undo/redo, Tab indents
 * (Escape then Tab leaves, CodeMirror's convention). Loaded only by the HTML editor through a
 * dynamic import, so no other page ships it.
 */

// Colours from the dashboard's zinc palette, on the same dark panel the plain editor used.
const darkTheme = EditorView.theme(
  {
    "&": { height: "100%", backgroundColor: "#09090b", color: "#f4f4f5", fontSize: "12.5px" },
    "&.cm-focused": { outline: "none" },
    ".cm-scroller": {
      fontFamily:
        "ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', monospace",
      lineHeight: "1.65",
    },
    ".cm-content": { padding: "12px 0", caretColor: "#a5b4fc" },
    ".cm-line": { padding: "0 16px 0 8px" },
    ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#a5b4fc" },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection":
      { backgroundColor: "rgba(99, 102, 241, 0.35)" },
    ".cm-gutters": { backgroundColor: "#09090b", color: "#52525b", border: "none" },
    ".cm-lineNumbers .cm-gutterElement": { padding: "0 8px 0 14px" },
    ".cm-activeLine": { backgroundColor: "rgba(255, 255, 255, 0.035)" },
    ".cm-activeLineGutter": { backgroundColor: "transparent", color: "#a1a1aa" },
    ".cm-matchingBracket": { backgroundColor: "rgba(99, 102, 241, 0.3)", outline: "none" },
  },
  { dark: true },
);

const highlight = HighlightStyle.define([
  { tag: tags.tagName, color: "#93c5fd" },
  { tag: tags.angleBracket, color: "#71717a" },
  { tag: tags.attributeName, color: "#c4b5fd" },
  { tag: tags.attributeValue, color: "#86efac" },
  { tag: [tags.string, tags.special(tags.string)], color: "#86efac" },
  { tag: tags.comment, color: "#71717a", fontStyle: "italic" },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "#7dd3fc" },
  { tag: [tags.number, tags.unit, tags.color, tags.atom, tags.keyword], color: "#fcd34d" },
  { tag: tags.processingInstruction, color: "#a1a1aa" },
  { tag: tags.invalid, color: "#fca5a5" },
]);

export function CodeEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editing area (it is a textbox to assistive tech and tests). */
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          html(),
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          darkTheme,
          EditorView.contentAttributes.of({
            "aria-label": label,
            spellcheck: "false",
            autocorrect: "off",
            autocapitalize: "off",
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [label]);

  // A change from outside (a conversion from blocks, a reset) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) {
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className="min-h-0 flex-1 overflow-hidden" />;
}

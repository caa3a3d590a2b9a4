"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { BLOCK_MARKER_ATTRIBUTE } from "@/lib/templates/editor-markers";

const HOVER = "data-mw-hover";
const SELECTED = "data-mw-selected";
const PICKER_STYLE_ID = "mw-editor-picker";

// Outlines, not borders: they take no room, so the preview keeps the email's exact layout.
const PICKER_CSS = `
[${BLOCK_MARKER_ATTRIBUTE}] { cursor: pointer; }
[${HOVER}] { outline: 2px dashed rgba(99, 102, 241, 0.55); outline-offset: 2px; border-radius: 2px; }
[${SELECTED}] { outline: 2px solid #6366f1 !important; outline-offset: 2px; border-radius: 2px; }
`;

/**
 * Click-to-select in the blocks preview. The preview frame is sandboxed without scripts but with
 * `allow-same-origin`, so this page can reach into its document: blocks rendered with their ids
 * (lib/templates/editor-markers.ts) get a hover outline, the selected one a solid one, and a
 * click selects the innermost block under the pointer (a column child before its columns block).
 * Links in the preview do not navigate: a click on a button picks the button block.
 */
export function usePreviewPicker({
  enabled,
  selectedId,
  onSelect,
}: {
  enabled: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [frameDocument, setFrameDocument] = useState<Document | null>(null);
  const scrolledDocument = useRef<Document | null>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });

  // Each new preview HTML is a new document: pick it up when it has loaded.
  const onLoad = useCallback(() => {
    setFrameDocument(frameRef.current?.contentDocument ?? null);
  }, []);

  useEffect(() => {
    const doc = frameDocument;
    if (!enabled || !doc?.body) return;
    if (!doc.getElementById(PICKER_STYLE_ID)) {
      const style = doc.createElement("style");
      style.id = PICKER_STYLE_ID;
      style.textContent = PICKER_CSS;
      doc.head.appendChild(style);
    }
    const blockAt = (target: EventTarget | null) =>
      target instanceof doc.defaultView!.Element
        ? target.closest(`[${BLOCK_MARKER_ATTRIBUTE}]`)
        : null;
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      const block = blockAt(event.target);
      const id = block?.getAttribute(BLOCK_MARKER_ATTRIBUTE);
      if (id) select.current(id);
    };
    const onOver = (event: MouseEvent) => {
      const block = blockAt(event.target);
      for (const element of doc.querySelectorAll(`[${HOVER}]`)) {
        if (element !== block) element.removeAttribute(HOVER);
      }
      block?.setAttribute(HOVER, "");
    };
    const onLeave = () => {
      for (const element of doc.querySelectorAll(`[${HOVER}]`)) element.removeAttribute(HOVER);
    };
    doc.addEventListener("click", onClick);
    doc.addEventListener("mouseover", onOver);
    doc.documentElement.addEventListener("mouseleave", onLeave);
    return () => {
      doc.removeEventListener("click", onClick);
      doc.removeEventListener("mouseover", onOver);
      doc.documentElement.removeEventListener("mouseleave", onLeave);
    };
  }, [frameDocument, enabled]);

  useEffect(() => {
    const doc = frameDocument;
    if (!enabled || !doc?.body) return;
    for (const element of doc.querySelectorAll(`[${SELECTED}]`)) element.removeAttribute(SELECTED);
    if (!selectedId) return;
    const element = [...doc.querySelectorAll(`[${BLOCK_MARKER_ATTRIBUTE}]`)].find(
      (e) => e.getAttribute(BLOCK_MARKER_ATTRIBUTE) === selectedId,
    );
    if (!element) return;
    element.setAttribute(SELECTED, "");
    // Bring it into the frame's view without scrolling the dashboard page (scrollIntoView would).
    // A re-rendered preview starts at the top: jump back to the block being edited at once.
    const reloaded = scrolledDocument.current !== doc;
    scrolledDocument.current = doc;
    const view = doc.defaultView!;
    const rect = element.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > view.innerHeight) {
      view.scrollBy({ top: rect.top - 24, behavior: reloaded ? "instant" : "smooth" });
    }
  }, [frameDocument, enabled, selectedId]);

  return { ref: frameRef, onLoad };
}

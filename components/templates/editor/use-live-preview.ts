"use client";

import { useEffect, useRef, useState } from "react";
import { previewTemplateAction, type PreviewRequest } from "@/lib/web/dashboard/actions/templates";

export type LivePreview = {
  html: string;
  subject: string;
  /** A render for newer input is on its way. */
  updating: boolean;
  error: string | null;
};

/**
 * Renders the draft on the server (React Email, like a real send) 300 ms after the last change.
 * Answers that arrive after a newer request was made are dropped.
 */
export function useLivePreview(
  request: PreviewRequest,
  initial: { html: string; subject: string },
  delay = 300,
): LivePreview {
  const [state, setState] = useState<LivePreview>({ ...initial, updating: false, error: null });
  const key = JSON.stringify(request);
  const firstKey = useRef(key);
  const latest = useRef(0);

  useEffect(() => {
    // The server already rendered the saved template for the first paint.
    if (key === firstKey.current) return;
    firstKey.current = "";
    const ticket = ++latest.current;
    setState((s) => ({ ...s, updating: true }));
    const timer = setTimeout(async () => {
      try {
        const result = await previewTemplateAction(JSON.parse(key) as PreviewRequest);
        if (ticket !== latest.current) return;
        setState((s) =>
          result.ok
            ? { html: result.html, subject: result.subject, updating: false, error: null }
            : { ...s, updating: false, error: result.message },
        );
      } catch {
        if (ticket !== latest.current) return;
        setState((s) => ({ ...s, updating: false, error: "The preview could not be updated." }));
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [key, delay]);

  return state;
}

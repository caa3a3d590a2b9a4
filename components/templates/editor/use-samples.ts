"use client";

import { useEffect, useState } from "react";
import type { Samples } from "@/lib/web/dashboard/templates-variables";

/**
 * The sample values of a template's variables, kept in this browser (per template) so the
 * preview still looks right tomorrow. Loaded after mount, so server and client render alike.
 */
export function useSamples(templateId: string): [Samples, (samples: Samples) => void] {
  const key = `mailwright:template-samples:${templateId}`;
  const [samples, setSamples] = useState<Samples>({});

  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? "{}") as unknown;
      if (stored && typeof stored === "object" && !Array.isArray(stored)) {
        // Browser storage is read after hydration on purpose (the server has none).
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setSamples(
          Object.fromEntries(
            Object.entries(stored).filter(([, v]) => typeof v === "string"),
          ) as Samples,
        );
      }
    } catch {
      // Unreadable storage: start empty.
    }
  }, [key]);

  function update(next: Samples) {
    setSamples(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the values still work for this visit.
    }
  }

  return [samples, update];
}

"use client";

import { useCallback, useRef, useState } from "react";
import type { ImportCheckReport } from "@/lib/imports/check";

export type ImportCheckState =
  | { phase: "idle" }
  | { phase: "checking" }
  | { phase: "checked"; report: ImportCheckReport; mapping: Record<string, string> }
  | { phase: "error"; message: string };

/**
 * Sends the whole file to the dashboard's check route (nothing is stored or imported) and keeps
 * the report, so the wizard can show every bad and duplicate row before the user commits.
 */
export function useImportCheck() {
  const [state, setState] = useState<ImportCheckState>({ phase: "idle" });
  const request = useRef<AbortController | null>(null);

  const check = useCallback(async (file: File, mapping: Record<string, string>) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ phase: "checking" });
    try {
      const query = new URLSearchParams({ mapping: JSON.stringify(mapping) });
      const response = await fetch(`/contacts/import/check?${query}`, {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: file,
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => null)) as unknown;
      if (response.ok && isReport(body)) setState({ phase: "checked", report: body, mapping });
      else setState({ phase: "error", message: errorMessage(response.status, body) });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        phase: "error",
        message:
          error instanceof TypeError
            ? "The file could not be sent. Check your connection and try again."
            : "The file could not be checked. Try again in a moment.",
      });
    }
  }, []);

  const reset = useCallback(() => {
    request.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, check, reset };
}

function isReport(body: unknown): body is ImportCheckReport {
  return typeof body === "object" && body !== null && "total_rows" in body && "contacts" in body;
}

function errorMessage(status: number, body: unknown): string {
  if (status === 401) return "Your session has ended. Sign in again, then retry.";
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return message ?? `The file could not be checked (HTTP ${status}). Try again in a moment.`;
}

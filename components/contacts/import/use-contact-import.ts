"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { serializeImport } from "@/lib/imports/serialize";

export type ImportJob = ReturnType<typeof serializeImport>;
export type ImportState =
  | { phase: "idle" }
  | { phase: "uploading"; fraction: number }
  | { phase: "importing"; job: ImportJob; since: number; offline: boolean }
  | { phase: "done"; job: ImportJob }
  | { phase: "error"; message: string };

const POLL_MS = 1000;

/**
 * Uploads the CSV to the dashboard's import route, then polls the import every second until it
 * completes. XMLHttpRequest rather than fetch: only it reports upload progress, which matters
 * for a file of many megabytes.
 */
export function useContactImport() {
  const [state, setState] = useState<ImportState>({ phase: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);

  const start = useCallback((file: File, mapping: Record<string, string>) => {
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const query = new URLSearchParams({ mapping: JSON.stringify(mapping) });
    xhr.open("POST", `/contacts/import/jobs?${query}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        setState({ phase: "uploading", fraction: event.loaded / event.total });
      }
    };
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300 && isJob(body)) setState(next(body));
      else setState({ phase: "error", message: errorMessage(xhr.status, body) });
    };
    xhr.onerror = () =>
      setState({
        phase: "error",
        message: "The upload was interrupted. Check your connection and try again.",
      });
    setState({ phase: "uploading", fraction: 0 });
    xhr.send(file);
  }, []);

  const reset = useCallback(() => {
    request.current?.abort();
    setState({ phase: "idle" });
  }, []);

  // Leaving the page mid-upload would cancel it: let the browser ask first.
  const uploading = state.phase === "uploading";
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  const jobId = state.phase === "importing" ? state.job.id : null;
  useEffect(() => {
    if (!jobId) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/contacts/import/jobs/${jobId}`, { cache: "no-store" });
        if (!response.ok) throw new Error(String(response.status));
        const job = (await response.json()) as ImportJob;
        if (!stopped) setState((current) => next(job, current));
      } catch {
        // A blip (deploy, flaky network): the import goes on server-side; keep asking.
        if (!stopped) {
          setState((current) =>
            current.phase === "importing" ? { ...current, offline: true } : current,
          );
        }
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);

  return { state, start, reset };
}

type ErrorBody = { error?: { message?: string } };

function isJob(body: unknown): body is ImportJob {
  return typeof body === "object" && body !== null && "id" in body && "status" in body;
}

function next(job: ImportJob, current?: ImportState): ImportState {
  if (job.status === "completed" || job.status === "failed") return { phase: "done", job };
  const since = current?.phase === "importing" ? current.since : Date.now();
  return { phase: "importing", job, since, offline: false };
}

function errorMessage(status: number, body: unknown): string {
  if (status === 401) return "Your session has ended. Sign in again, then retry the import.";
  const message = (body as ErrorBody | null)?.error?.message;
  return message ?? `The upload failed (HTTP ${status}). Try again in a moment.`;
}

"use client";

import { Notice } from "../../ui/notice";

/**
 * The HTML editor's warning about scripts (issue 21): shown while the source has any, never in
 * the way of saving. Sends take them out (lib/core/html/active-content.ts).
 */
export function ScriptWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Notice tone="warning" className="mb-4" title="Scripts don't run in email">
      <ul className="mt-1 space-y-0.5 break-words">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Notice>
  );
}

import type { NewmanRunSummary } from "newman";
import { UNREACHABLE } from "./unreachable";

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; responses: Record<string, { "x-error-codes"?: string[] }> }
    >
  >;
};
export type Coverage = {
  /** `operationId status` → whether a request got it. */
  documented: Map<string, { operation: string; status: number; reached: boolean }>;
  serverErrors: string[];
  /** Answers whose `error.code` the document does not list for that operation and status. */
  undocumentedCodes: string[];
};

/** Which documented 4xx answers (per operation) the run's responses reached, and any 5xx. */
export function coverageOf(document: Document, summary: NewmanRunSummary): Coverage {
  const matchers = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`/api${template.replace(/\{\w+\}/g, "[^/]+")}$`),
      op,
      literal: !template.includes("{"),
    })),
  );
  const documented: Coverage["documented"] = new Map();
  for (const { op } of matchers)
    for (const status of Object.keys(op.responses)
      .map(Number)
      .filter((s) => s >= 400))
      documented.set(`${op.operationId} ${status}`, {
        operation: op.operationId,
        status,
        reached: false,
      });
  const serverErrors: string[] = [];
  const undocumentedCodes: string[] = [];
  for (const execution of summary.run.executions) {
    const request = execution.request;
    const code = execution.response?.code;
    if (!request || !code) continue;
    const pathname = `/${request.url.path?.join("/") ?? ""}`;
    // A literal path wins over a template (/v1/contacts/export over /v1/contacts/{id}).
    const found = matchers
      .filter((m) => m.method === request.method && m.pattern.test(pathname))
      .sort((a, b) => Number(b.literal) - Number(a.literal))[0];
    if (code >= 500) serverErrors.push(`${request.method} ${pathname} → ${code}`);
    if (found) {
      const entry = documented.get(`${found.op.operationId} ${code}`);
      if (entry) entry.reached = true;
      const listed = found.op.responses[String(code)]?.["x-error-codes"];
      const answered = code >= 400 ? errorCodeOf(execution.response?.stream) : undefined;
      if (listed && answered && !listed.includes(answered))
        undocumentedCodes.push(`${found.op.operationId} ${code} ${answered}`);
    }
  }
  return { documented, serverErrors, undocumentedCodes };
}

/** Prints reached/documented per status; returns how many unexcused ones were not reached. */
export function printCoverage(coverage: Coverage): number {
  const excused = (operation: string, status: number) =>
    UNREACHABLE.find(
      (u) => u.status === status && (u.operation === "*" || u.operation === operation),
    );
  const byStatus = new Map<number, { reached: number; total: number }>();
  const missing: string[] = [];
  for (const { operation, status, reached } of coverage.documented.values()) {
    const row = byStatus.get(status) ?? { reached: 0, total: 0 };
    row.total++;
    if (reached) row.reached++;
    else if (!excused(operation, status)) missing.push(`${operation} ${status}`);
    byStatus.set(status, row);
  }
  console.log("\nDocumented 4xx reached (operations reached / documenting it):");
  for (const [status, row] of [...byStatus].sort(([a], [b]) => a - b))
    console.log(`  ${status}: ${row.reached}/${row.total}`);
  for (const u of UNREACHABLE) console.log(`  exception: ${u.operation} ${u.status} (${u.why})`);
  for (const m of missing) console.error(`✗ documented but not reached: ${m}`);
  return missing.length;
}

function errorCodeOf(body: Uint8Array | undefined): string | undefined {
  try {
    return (JSON.parse(new TextDecoder().decode(body)) as { error?: { code?: string } }).error
      ?.code;
  } catch {
    return undefined; // not JSON: the contract tests' content-type check reports it
  }
}

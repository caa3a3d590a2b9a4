import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { cruise } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import { folderGraph, readImports } from "../../../scripts/import-graph";

/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint:layers` in `npm test`) on a
 * miniature tree: each back-up import below must be reported, and the allowed ones must not.
 */
const rules = createRequire(import.meta.url)(path.resolve(".dependency-cruiser.cjs"));
const trees: string[] = [];

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mw-layers-"));
  trees.push(root);
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  const dirs = [...new Set(Object.keys(files).map((file) => file.split("/")[0]!))];
  const result = await cruise(
    dirs,
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: rules.forbidden },
      tsPreCompilationDeps: true,
    },
    { extensions: [".ts", ".tsx"] },
  );
  if (typeof result.output === "string") throw new Error("unexpected output");
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

describe("layer rules", () => {
  it("allow core ← domain ← cli ← start ← web, and web asking start for the runtime", async () => {
    expect(
      await violations({
        "lib/core/errors.ts": "export class AppError extends Error {}\n",
        "lib/contacts/upsert.ts":
          'import { AppError } from "../core/errors";\nexport const a = AppError;\n',
        "lib/campaigns/send.ts": 'import { a } from "../contacts/upsert";\nexport const b = a;\n',
        "lib/cli/commands.ts": 'import { b } from "../campaigns/send";\nexport const c = b;\n',
        "lib/start/runtime.ts":
          'import { c } from "../cli/commands";\nexport const getRuntime = () => c;\n',
        "lib/web/api-handler.ts":
          'import { getRuntime } from "../start/runtime";\nexport const d = getRuntime;\n',
      }),
    ).toEqual([]);
  });

  it("report an import from core up into a domain", async () => {
    expect(
      await violations({
        "lib/core/context.ts":
          'import type { Send } from "../sending/send";\nexport type X = Send;\n',
        "lib/sending/send.ts": "export type Send = { id: string };\n",
      }),
    ).toEqual(["core-is-the-bottom: lib/core/context.ts → lib/sending/send.ts"]);
  });

  it("report a domain reaching for an adapter or the start-up", async () => {
    expect(
      (
        await violations({
          "lib/campaigns/send.ts":
            'import { getRuntime } from "../start/runtime";\nimport { x } from "../web/dashboard/context";\nexport const a = [getRuntime, x];\n',
          "lib/start/runtime.ts": "export const getRuntime = () => 1;\n",
          "lib/web/dashboard/context.ts": "export const x = 1;\n",
        })
      ).sort(),
    ).toEqual([
      "domains-import-no-adapter: lib/campaigns/send.ts → lib/start/runtime.ts",
      "domains-import-no-adapter: lib/campaigns/send.ts → lib/web/dashboard/context.ts",
    ]);
  });

  it("report web code reaching into lib/start beyond the runtime", async () => {
    expect(
      await violations({
        "lib/web/api-handler.ts": 'import { w } from "../start/workers";\nexport const a = w;\n',
        "lib/start/workers.ts": "export const w = 1;\n",
      }),
    ).toEqual([
      "web-asks-start-only-for-the-runtime: lib/web/api-handler.ts → lib/start/workers.ts",
    ]);
  });

  it("report a cycle between two domain folders, type imports included", async () => {
    const found = await violations({
      "lib/contacts/bulk.ts": 'import type { Row } from "../imports/rows";\nexport type B = Row;\n',
      "lib/imports/rows.ts":
        'import type { B } from "../contacts/bulk";\nexport type Row = { email: string };\nexport type C = B;\n',
    });
    expect(found.every((line) => line.startsWith("no-folder-cycle-in-lib:"))).toBe(true);
    expect(found.length).toBeGreaterThan(0);
  });

  it("report a component importing a db value, not a db type", async () => {
    expect(
      await violations({
        "components/runs.tsx":
          'import { RUN_STATUSES } from "../db/schema";\nimport type { RunStatus } from "../db/schema";\nexport const a: RunStatus[] = [...RUN_STATUSES];\n',
        "db/schema.ts":
          'export const RUN_STATUSES = ["active"] as const;\nexport type RunStatus = "active";\n',
      }),
    ).toEqual(["components-import-no-db-values: components/runs.tsx → db/schema.ts"]);
  });
});

describe("lib/ as it is", () => {
  // dependency-cruiser's folder scope sees folders only; a loose file (lib/core/runtime.ts) and
  // a sibling folder (lib/core/http) importing each other is a cycle too. scripts/import-graph.ts
  // counts each folder and each loose file as a unit, type imports included.
  it("has no cycle between its units", async () => {
    const graph = folderGraph(await readImports());
    expect(graph.units.length).toBeGreaterThan(30);
    expect(graph.cycles).toEqual([]);
  }, 60_000);

  it("would report a cycle between a loose file and a folder", () => {
    const graph = folderGraph([
      ["lib/core/http/client-address.ts", "lib/core/runtime.ts"],
      ["lib/core/runtime.ts", "lib/core/http/rate-limit.ts"],
      ["lib/core/clock.ts", "lib/core/errors.ts"],
    ]);
    expect(graph.cycles).toEqual([["lib/core/http", "lib/core/runtime.ts"]]);
  });
});

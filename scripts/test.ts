/**
 * npm test: every suite the project has, in order, with a summary.
 *   verify (prettier, eslint, tsc, the layer rules of .dependency-cruiser.cjs) → unit → contract (Portman + newman) on PGlite and PostgreSQL →
 *   integration on PGlite → integration on PostgreSQL (the PostgreSQL steps are skipped loudly
 *   when no server answers) → next build → Playwright e2e in Debian Chromium.
 * `npm test -- --only unit,integration-pglite` runs a subset.
 */
import { spawnSync } from "node:child_process";
import { postgresAvailable } from "../test/support/database";
import { ensureSystemPackages } from "./system-packages";

type Step = { name: string; command: string[]; env?: Record<string, string> };

const bin = (name: string) => `node_modules/.bin/${name}`;
/** The import rules between lib/'s layers (docs/architecture.md); `npm run lint:layers`. */
const LAYERS_ARGS = [
  "lib",
  "app",
  "components",
  "--config",
  ".dependency-cruiser.cjs",
  "--output-type",
  "err",
];

async function main() {
  const onlyArg = process.argv.indexOf("--only");
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]?.split(",")) : null;
  const hasPostgres = await postgresAvailable();

  const steps: Step[] = [
    { name: "format", command: [bin("prettier"), "--check", "--log-level", "warn", "."] },
    { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."] },
    { name: "typecheck", command: [bin("tsc"), "--noEmit"] },
    { name: "layers", command: [bin("depcruise"), ...LAYERS_ARGS] },
    { name: "unit", command: [bin("vitest"), "run", "--project", "unit"] },
    // Portman + newman against the real handlers: the API as its OpenAPI document describes it.
    {
      name: "contract-pglite",
      command: [bin("tsx"), "scripts/contract-test.ts"],
      env: { MW_TEST_DRIVER: "pglite" },
    },
    {
      name: "contract-postgres",
      command: [bin("tsx"), "scripts/contract-test.ts"],
      env: { MW_TEST_DRIVER: "postgres" },
    },
    {
      name: "integration-pglite",
      command: [bin("vitest"), "run", "--project", "integration"],
      env: { MW_TEST_DRIVER: "pglite" },
    },
    {
      name: "integration-postgres",
      command: [bin("vitest"), "run", "--project", "integration"],
      env: { MW_TEST_DRIVER: "postgres" },
    },
    { name: "build", command: [bin("next"), "build"] },
    { name: "e2e", command: [bin("playwright"), "test"] },
  ];

  const selected = steps.filter((step) => !only || only.has(step.name)).map((s) => s.name);
  const packagesProblem = ensureSystemPackages(selected);
  if (packagesProblem) {
    console.error(`\n${packagesProblem}`);
    process.exit(1);
  }

  const results: { name: string; status: string; seconds: number }[] = [];
  for (const step of steps) {
    if (only && !only.has(step.name)) continue;
    if (step.name.endsWith("-postgres") && !hasPostgres) {
      console.error(
        "\n" +
          "!".repeat(72) +
          `\n!! SKIPPING ${step.name}: nothing answers on ` +
          "127.0.0.1:5432.\n!! Only the PGlite half ran. Start PostgreSQL to run both.\n" +
          "!".repeat(72) +
          "\n",
      );
      results.push({ name: step.name, status: "SKIPPED (no PostgreSQL)", seconds: 0 });
      continue;
    }
    console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
    const started = Date.now();
    const run = spawnSync(step.command[0]!, step.command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...step.env },
    });
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    results.push({ name: step.name, status: run.status === 0 ? "passed" : "FAILED", seconds });
    if (run.status !== 0 && step.name === "build") break;
  }

  console.log("\nSummary");
  for (const r of results)
    console.log(`  ${r.status.padEnd(24)} ${r.name.padEnd(22)} ${r.seconds}s`);
  process.exit(results.some((r) => r.status === "FAILED") ? 1 : 0);
}

void main();

/**
 * npm run test:contract (a step of npm test): the API tested against its own OpenAPI document by
 * tools we did not write. Portman turns the document and test/contract/portman-config.json into a
 * Postman collection (contract tests: status, content type, JSON body, response JSON schema; plus
 * variations: no key, missing ids, broken and oversized bodies, fuzzed fields, state conflicts);
 * newman runs it against the real handlers on a fresh database of the driver under test
 * (MW_TEST_DRIVER: in-memory PGlite, or a throw-away PostgreSQL database) with a seeded project.
 * Fails on any failed assertion, any 5xx, an `error.code` the document does not list for that
 * operation and status, or a documented 4xx no request reached (but the
 * commented exceptions in test/contract/unreachable.ts). Offline: Portman reads a local file and
 * uploads nothing (no --postmanUid), newman only talks to the local server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import newman, { type NewmanRunSummary } from "newman";
import { buildOpenApiDocument } from "@/lib/web/openapi/document";
import { startTestApp } from "../test/support/app";
import { brokenBodyFolder } from "../test/contract/broken-bodies";
import { seedContractFixtures } from "../test/contract/fixtures";
import { pruneNoOpFuzzing } from "../test/contract/prune";
import { coverageOf, printCoverage } from "../test/contract/coverage";

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-contract-"));
const started = Date.now();
// With the embedded worker a sent campaign is `queued` (not sent inline), so it can be cancelled.
// An empty DNS zone: a domain check finds no record, and never asks the network.
const app = await startTestApp({
  clock: "system",
  worker: "embedded",
  dns: { resolveTxt: async () => [] },
});
let exitCode = 1;
try {
  const variables = await seedContractFixtures(app);
  const documentFile = path.join(workDir, "openapi.json");
  // Read back as the plain JSON the tools see (its paths typed by what the helpers need).
  const document = JSON.parse(
    JSON.stringify(buildOpenApiDocument({ serverUrl: app.baseUrl })),
  ) as Parameters<typeof coverageOf>[0] & Parameters<typeof brokenBodyFolder>[0];
  fs.writeFileSync(documentFile, JSON.stringify(document));

  const collectionFile = path.join(workDir, "collection.json");
  const portman = spawnSync(
    "node_modules/.bin/portman",
    [
      "--local",
      documentFile,
      "--portmanConfigFile",
      "test/contract/portman-config.json",
      "--postmanConfigFile",
      "test/contract/postman-config.json",
      "--baseUrl",
      `${app.baseUrl}/api`,
      "--output",
      collectionFile,
      "--collectionName",
      "Mailwright contract tests",
    ],
    { encoding: "utf8" },
  );
  if (portman.status !== 0 || !fs.existsSync(collectionFile)) {
    console.error(portman.stdout, portman.stderr);
    throw new Error("portman could not generate the collection");
  }

  const summary = await new Promise<NewmanRunSummary>((resolve, reject) =>
    newman.run(
      {
        collection: withBrokenBodies(collectionFile, document, variables),
        envVar: Object.entries(variables).map(([key, value]) => ({ key, value })),
        reporters: process.env.MW_CONTRACT_VERBOSE ? ["cli"] : [],
        timeoutRequest: 30_000,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

  const coverage = coverageOf(document, summary);
  if (process.env.MW_CONTRACT_VERBOSE)
    for (const e of summary.run.executions)
      console.log(`  ${e.item.name} → ${e.response?.code ?? "no response"}`);
  const failures = summary.run.failures;
  for (const failure of failures)
    console.error(
      `✗ ${failure.source?.name ?? "?"}: ${failure.error.test ?? ""} ${failure.error.message}`,
    );
  for (const answer of coverage.serverErrors) console.error(`✗ 5xx: ${answer}`);
  for (const answer of coverage.undocumentedCodes)
    console.error(`✗ error.code not in the document: ${answer}`);
  const missing = printCoverage(coverage);
  const requests = summary.run.stats.requests.total ?? 0;
  const assertions = summary.run.stats.assertions.total ?? 0;
  console.log(
    `\n${requests} requests, ${assertions - failures.length} passed, ${failures.length} failed ` +
      `(assertions) in ${Math.round((Date.now() - started) / 1000)}s`,
  );
  const wrong = failures.length + coverage.serverErrors.length + coverage.undocumentedCodes.length;
  exitCode = wrong || missing ? 1 : 0;
} finally {
  await app.close();
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);

function withBrokenBodies(
  file: string,
  document: Parameters<typeof brokenBodyFolder>[0],
  variables: Record<string, string>,
) {
  const collection = JSON.parse(fs.readFileSync(file, "utf8"));
  console.log(`dropped ${pruneNoOpFuzzing(collection)} fuzz variations that change nothing`);
  collection.item.push(brokenBodyFolder(document, variables));
  return collection;
}

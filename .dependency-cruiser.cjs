/**
 * The layers of lib/ (docs/architecture.md), checked by `npm run lint:layers` in `npm test`.
 * Bottom to top: lib/core → lib/<domain> → lib/cli → lib/start → lib/web; app/ and components/
 * sit on lib/web. Type imports count: a type import is as much a dependency as a value import.
 */
const DOMAIN = "^lib/(?!core/|web/|cli/|start/)[^/]+/";

module.exports = {
  forbidden: [
    {
      name: "core-is-the-bottom",
      comment:
        "lib/core (database access, queue, config, errors, ids, clock, HTTP primitives) imports nothing above it.",
      severity: "error",
      from: { path: "^lib/core/" },
      to: { path: "^(lib/(?!core/)|app/|components/)" },
    },
    {
      name: "domains-import-no-adapter",
      comment:
        "A domain imports lib/core and other domains, never an adapter (web, cli), the start-up or the UI.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: "^(lib/(web|cli|start)/|app/|components/)" },
    },
    {
      name: "cli-below-start",
      comment:
        "The admin CLI's commands run on a runtime they are given; they do not assemble one.",
      severity: "error",
      from: { path: "^lib/cli/" },
      to: { path: "^(lib/(web|start)/|app/|components/)" },
    },
    {
      name: "start-assembles-without-web",
      comment: "lib/start assembles the runtime and the workers; the web adapters sit above it.",
      severity: "error",
      from: { path: "^lib/start/" },
      to: { path: "^(lib/web/|app/|components/)" },
    },
    {
      name: "web-asks-start-only-for-the-runtime",
      comment:
        "Next.js loads routes and pages itself, so they ask lib/start/runtime.ts for the process runtime; nothing else of lib/start is theirs.",
      severity: "error",
      from: { path: "^(lib/web/|app/|components/)" },
      to: { path: "^lib/start/(?!runtime\\.ts$)" },
    },
    {
      name: "components-import-no-db-values",
      comment:
        "UI building blocks get data through lib/; a type from db/schema is fine, a table or a query is not.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-folder-cycle-in-lib",
      comment: "Folders of lib/ import each other without a cycle (type imports included).",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { path: "^lib/", circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)node_modules/|^\\.next" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};

import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Two files at a time even on 2 cores (the default is cores - 1): they mostly wait on
          // SMTP, timers and the database. 304 → 211 s on PGlite, 273 → 163 s on PostgreSQL.
          maxWorkers: 2,
          server: { deps: { inline: ["next-auth"] } },
        },
      },
    ],
  },
});

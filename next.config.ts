import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite ships a wasm bundle that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "nodemailer"],
  poweredByHeader: false,
  // Lets several builds coexist (parallel development, benchmarks); `next start` reads the same.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default config;

import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite ships a wasm bundle that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "nodemailer"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
